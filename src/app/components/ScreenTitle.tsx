import { useEffect } from 'react';

/** Sets the document title and renders the screen's heading. */
export function ScreenTitle({ title, children }: { title: string; children?: React.ReactNode }) {
  useEffect(() => {
    document.title = `${title} · OptionScout`;
  }, [title]);
  return (
    <div className="screen-title">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
