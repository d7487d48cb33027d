/** A 200 JSON answer whose connection drops after `sent` of its bytes (for tests of cut-off answers). */
export function cutAnswer(json: string, sent: number): Response {
  const bytes = new TextEncoder().encode(json);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, sent));
      controller.error(new TypeError('network error'));
    },
  });
  return new Response(stream, { status: 200, headers: { 'Content-Type': 'application/json' } });
}
