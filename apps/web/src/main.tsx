import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app.tsx';
import { loadPublicConfig } from './config/public-config.ts';
import { reportUncaughtErrors } from './lib/report-uncaught-errors.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

reportUncaughtErrors();
loadPublicConfig();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
