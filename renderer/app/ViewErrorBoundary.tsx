import { Component, type ReactNode } from 'react';
import '../components/states.css';

interface Props {
  /** The route on screen: a change (the scout went elsewhere) clears a failure. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/**
 * Whether `error` is a view's code that could not be loaded (its chunk is missing, as after a rebuild
 * replaced the app's files): a lazy view keeps that failure, so only loading the page again helps.
 */
export function isCodeLoadError(error: Error): boolean {
  return /dynamically imported module|importing a module script failed/i.test(error.message);
}

/**
 * The view area's last line of defence: a view that throws while it draws (a bug, or its code that could
 * not be loaded) shows this panel inside the frame instead of emptying the whole window, so the navigation
 * and the other views stay usable. Going to another route clears it; "Try again" draws the view anew, or,
 * when the view's code could not be loaded, "Reload Rinkside" loads the page again at the same address.
 */
export class ViewErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <div className="panel error-panel kind-view" role="alert">
        <div className="error-icon" aria-hidden="true">
          !
        </div>
        <div className="error-text">
          <h3>This view could not be shown</h3>
          <p>Something went wrong while drawing it. The other views still work.</p>
          <p className="muted small">{error.message}</p>
          <div className="error-actions">
            {isCodeLoadError(error) ? (
              <button type="button" className="btn" onClick={() => window.location.reload()}>
                Reload Rinkside
              </button>
            ) : (
              <button type="button" className="btn" onClick={() => this.setState({ error: null })}>
                Try again
              </button>
            )}
          </div>
        </div>
      </div>
    );
  }
}
