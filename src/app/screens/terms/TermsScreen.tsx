/**
 * /terms: the terms of service, public (no sign-in needed). A contents list at the top, every
 * section reachable by its own address (/terms#refunds: the router scrolls to it once the lazy
 * screen has drawn), lines kept short enough to read.
 */
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import { TERMS_SECTIONS } from './terms-sections.tsx';
import './terms.css';

export function TermsScreen() {
  return (
    <article className="terms-page">
      <ScreenTitle title="Terms of service" />
      <nav className="terms-contents" aria-label="Contents">
        <ol>
          {TERMS_SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {TERMS_SECTIONS.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
          <h2 id={`${s.id}-title`}>
            <a href={`#${s.id}`}>
              {i + 1}. {s.title}
            </a>
          </h2>
          {s.body}
        </section>
      ))}
    </article>
  );
}
