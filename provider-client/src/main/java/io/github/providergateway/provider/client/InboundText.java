package io.github.providergateway.provider.client;

/**
 * Assembles one text message from its WebSocket frames, refusing one longer than the limit. JDK
 * listener threads only, one at a time (the JDK calls a listener serially).
 */
final class InboundText {
  private final int maxChars;

  /** The message being assembled. Listener threads only, one at a time. */
  private StringBuilder incoming = new StringBuilder();

  InboundText(int maxChars) {
    this.maxChars = maxChars;
  }

  int maxChars() {
    return maxChars;
  }

  /** Adds a frame; false (and the message dropped) once it is over the limit. */
  boolean append(CharSequence frame) {
    incoming.append(frame);
    if (incoming.length() > maxChars) {
      incoming = new StringBuilder();
      return false;
    }
    return true;
  }

  /** The whole message, after its last frame; the next one starts empty. */
  String take() {
    String text = incoming.toString();
    incoming = new StringBuilder();
    return text;
  }
}
