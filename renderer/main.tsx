import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createQueryClient } from './app/queryClient.ts';
import { warmStart } from './app/warmStart.ts';
import './styles/app.css';

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
