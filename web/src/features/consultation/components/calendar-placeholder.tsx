/**
 * What holds the consultation calendar's place (consultation.css keeps its size) until it can
 * show: in the prerendered page, while the calendar's chunk and the season load, and when they
 * could not. A module of its own, so the request page paints it without the calendar's code
 * (docs/architecture.md "What a page loads").
 */
export function CalendarPlaceholder({ failed }: { failed: boolean }) {
  return (
    <div className="date-field">
      <p className="label">Consultation date</p>
      {failed ? (
        <p role="alert">The consultation calendar could not be loaded. Please reload the page or contact us.</p>
      ) : (
        <p className="hint" role="status">
          Loading the calendar…
        </p>
      )}
    </div>
  );
}
