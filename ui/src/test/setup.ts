import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetClientState } from './reset';

// The files share one module graph and one jsdom per worker (isolate: false
// in vite.config.ts): after each test the page, the storage, the cookies,
// the module caches, the timers and the stubbed globals are put back.
afterEach(() => {
  cleanup();
  resetClientState();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
});

// jsdom has <dialog> (and its `open` attribute) but not showModal()/close():
// enough of them for the Modal, which the journeys check in a real browser
// (focus trap, inert page, Escape).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
