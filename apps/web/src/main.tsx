import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app.tsx';
import { loadPublicConfig } from './config/public-config.ts';
import { reportUncaughtErrors } from './lib/report-uncaught-errors.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

reportUncaughtErrors();
loadPublicConfig();

// The first render is a transition: React renders the tree in slices and yields to the browser in
// between, instead of one long task that blocks input while the page builds (Lighthouse's TBT).
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
