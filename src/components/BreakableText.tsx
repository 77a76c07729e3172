import { Fragment } from 'react';

/**
 * Text that may wrap after a '/' and before an '@' (a model id, a route, an email address) where a reader expects it,
 * rather than in the middle of a word, when its column is narrow. The text itself is unchanged.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(/(?<=\/)|(?=@)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
