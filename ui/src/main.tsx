import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/styles.css';

// Unhandled promise rejections are logged only (spec part 1 §8).
window.addEventListener('unhandledrejection', (e) => {
  console.error('unhandled rejection', e.reason);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
