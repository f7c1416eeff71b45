import { useState } from 'react';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? 'Copied' : label}
      <span className="visually-hidden" aria-live="polite">
        {copied ? ' to the clipboard' : ''}
      </span>
    </button>
  );
}
