// The global sheet first: feature and component sheets come after it in the
// cascade, whatever the import order of the modules below.
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// Unhandled promise rejections are logged only (spec part 1 §8).
window.addEventListener('unhandledrejection', (e) => {
  console.error('unhandled rejection', e.reason);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
