import { Outlet, ScrollRestoration } from 'react-router';
import { Header } from './header';
import { Footer } from './footer';
import { CookieBanner } from '../components/cookie-banner';
import { BrowserNotSupportedModal } from '../components/browser-not-supported-modal';
import './shell.css';

/** The shell around every route. */
export function Layout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <CookieBanner />
      <BrowserNotSupportedModal />
      <ScrollRestoration />
    </div>
  );
}
