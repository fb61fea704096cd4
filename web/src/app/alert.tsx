// A failure told to the user where it happened, announced by screen readers (role alert); nothing when there is none.
export function Alert({ text }: { text: string | null | undefined | false }) {
  if (!text) return null;
  return (
    <p class="fail" role="alert">
      {text}
    </p>
  );
}
