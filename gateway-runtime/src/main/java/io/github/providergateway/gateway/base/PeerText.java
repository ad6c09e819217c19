package io.github.providergateway.gateway.base;

/**
 * A peer's text as it may reach a person's terminal or a log line: cut short, anything outside
 * printable ASCII escaped, so that a peer's input cannot make a message long or make it display as
 * something else. Below both the engine ({@code gateway.internal}) and what it tells its listeners
 * ({@code Refusal.describe}, in {@code gateway.event}), which both show a peer's text so (decision
 * 80). Not exported.
 */
public final class PeerText {
  private PeerText() {}

  /**
   * {@return {@code text} cut to {@code maxChars} characters (then {@code ...}), anything outside
   * printable ASCII escaped as {@code \}{@code uXXXX}}
   *
   * @param text the peer's text
   * @param maxChars how much of it is shown
   */
  public static String shown(String text, int maxChars) {
    StringBuilder shown = new StringBuilder();
    for (int i = 0; i < text.length() && i < maxChars; i++) {
      char c = text.charAt(i);
      if (c >= 0x20 && c < 0x7f) {
        shown.append(c);
      } else {
        shown.append(String.format("\\u%04x", (int) c));
      }
    }
    return text.length() > maxChars ? shown.append("...").toString() : shown.toString();
  }
}
