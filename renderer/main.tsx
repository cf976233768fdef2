// Global styles first: each component's and view's own stylesheet comes after them and may refine them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/controls.css';
import './styles/layout.css';
import './styles/plain-table.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createQueryClient } from './app/queryClient.ts';
import { warmStart } from './app/warmStart.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The launch's requests start now, while React renders the first frame.
const client = createQueryClient();
warmStart(client, window.location.hash);
createRoot(root).render(
  <StrictMode>
    <App client={client} />
  </StrictMode>,
);
