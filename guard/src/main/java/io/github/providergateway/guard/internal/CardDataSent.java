package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;

/**
 * A payment card's data sent out of the machine (decisions 281, 294, {@code
 * leak.card-data-in-message}): in any server's tool's arguments, read together (the number in a
 * ticket's summary, its expiry and code in its description), and in a command that sends, its
 * here-documents and here-strings with it ({@code mail … <<< 'card 4716 …, CVV 903'}, {@code curl
 * --data '{"text":"card …"}' "$SLACK_WEBHOOK_URL"}, {@code gh issue comment --body-file - <<EOF}).
 * What {@link CardNumbers} finds there is a card's number made usable.
 */
final class CardDataSent {
  private CardDataSent() {}

  /** How much of a call's text is read. */
  private static final int MAX_TEXT = 64 * 1024;

  /** The programs that carry a text to other people or another service. */
  private static final Set<String> SENDERS =
      NameSet.of(
          "gh",
          "glab",
          "tea",
          "hub",
          "curl",
          "wget",
          "http",
          "https",
          "xh",
          "mail",
          "mailx",
          "mutt",
          "sendmail",
          "swaks",
          "msmtp",
          "az",
          "jira",
          "acli",
          "slack",
          "linear",
          "aws",
          "gcloud");

  /** The forges' subcommands that store a secret where it belongs: never a leak. */
  private static final Set<String> SECRET_STORES = NameSet.of("secret", "variable", "auth");

  /**
   * {@return how the call sends a usable card number, as the reason says it; or null}
   *
   * @param scan the call
   */
  static String found(Scan scan) {
    CallForRules call = scan.call();
    if (call != null && call.args() != null && call.tool() != null && call.tool().contains("__")) {
      String found = CardNumbers.find(texts(call.args()));
      return found == null ? null : call.tool() + " carries " + found;
    }
    String source = scan.source();
    if (source == null) {
      return null;
    }
    for (Step step : scan.steps()) {
      if (step.program() != null
          && SENDERS.contains(step.program())
          && !(step.args().size() > 0 && SECRET_STORES.contains(step.args().get(0).text()))) {
        String text = source.length() > MAX_TEXT ? source.substring(0, MAX_TEXT) : source;
        String found = CardNumbers.find(text);
        return found == null ? null : step.program() + " carries " + found;
      }
    }
    return null;
  }

  /** A tool's arguments at any depth, one to a line with its field's name, to {@link #MAX_TEXT}. */
  private static String texts(JsonNode args) {
    StringBuilder all = new StringBuilder();
    Deque<JsonNode> next = new ArrayDeque<>();
    next.push(args);
    while (!next.isEmpty() && all.length() < MAX_TEXT) {
      JsonNode node = next.pop();
      if (node.isValueNode()) {
        all.append(node.asText()).append('\n');
      } else if (node.isObject()) {
        // a field's name beside its value: "exp_month": 11 says an expiry where 11 does not
        node.fields()
            .forEachRemaining(
                field -> {
                  if (field.getValue().isValueNode()) {
                    all.append(field.getKey()).append(": ").append(field.getValue().asText());
                    all.append('\n');
                  } else {
                    next.push(field.getValue());
                  }
                });
      } else if (node.isArray()) {
        node.forEach(next::push);
      }
    }
    return all.length() > MAX_TEXT ? all.substring(0, MAX_TEXT) : all.toString();
  }
}
