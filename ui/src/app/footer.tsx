import { siteConfig } from '../config';

/** Footer: year, trade name, legal links in a new tab. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <p>
        © {year} {siteConfig.legalName}
      </p>
      <nav aria-label="Legal" className="footer-links">
        <a href={siteConfig.termsUrl} target="_blank" rel="noopener noreferrer">
          Terms &amp; Conditions
        </a>
        <a href={siteConfig.privacyUrl} target="_blank" rel="noopener noreferrer">
          Privacy Policy
        </a>
      </nav>
    </footer>
  );
}
