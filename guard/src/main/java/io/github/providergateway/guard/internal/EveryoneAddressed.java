package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.Locale;

/**
 * A message addressed to everyone in a channel (decision 122, {@code shapes.everyone-addressed}):
 * {@code @everyone}, {@code @here}, Slack's {@code <!channel>}, sent by an HTTP client, a program
 * whose name sends, or a server's tool. Whatever it says, it reaches every member at once, with the
 * company's name on it; a message to one person or one thread is the other families' to weigh.
 */
final class EveryoneAddressed {
  private EveryoneAddressed() {}

  /** The mention a sent message carries, or {@code null}. */
  static String found(Scan scan) {
    CallForRules call = scan.call();
    String tool = call.tool();
    if ((tool.contains("__") || tool.startsWith("mcp")) && call.args() != null) {
      String mention = mention(call.args().toString());
      if (mention != null) {
        return tool + " " + mention;
      }
    }
    for (Step step : scan.steps()) {
      if (!sends(step.program())) {
        continue;
      }
      for (Word word : step.args()) {
        String mention = word.text().length() > 8192 ? null : mention(word.text());
        if (mention != null) {
          return step.program() + " " + mention;
        }
      }
    }
    return null;
  }

  private static boolean sends(String program) {
    String p = program.toLowerCase(Locale.ROOT);
    return p.equals("curl")
        || p.startsWith("wget")
        || p.equals("http")
        || p.equals("https")
        || p.equals("xh")
        || p.contains("send")
        || p.contains("post")
        || p.contains("notify")
        || p.contains("slack")
        || p.contains("discord");
  }

  private static String mention(String text) {
    String compact = null;
    for (String everyone : ShapeObjects.EVERYONE) {
      if (Character.isLetter(everyone.charAt(everyone.length() - 1))) {
        for (int at = text.indexOf(everyone); at >= 0; at = text.indexOf(everyone, at + 1)) {
          if (boundary(text, at + everyone.length())) {
            return everyone;
          }
        }
        continue;
      }
      if (compact == null) {
        compact = text.replace(" ", ""); // "parse": ["everyone"] as JSON spaces it
      }
      if (compact.contains(everyone)) {
        return everyone;
      }
    }
    return null;
  }

  /** {@code @here} but not {@code @heroku}: the mention ends where a name could not go on. */
  private static boolean boundary(String text, int end) {
    return end >= text.length() || !Character.isLetterOrDigit(text.charAt(end));
  }
}
