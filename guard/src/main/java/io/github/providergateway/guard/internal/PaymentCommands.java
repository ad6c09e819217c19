package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A payment processor's CLI told to move money or destroy (session 16, {@code
 * money.payment-cli-acts}): {@code stripe refunds create}, {@code stripe invoices void}, {@code
 * stripe payouts create}, {@code stripe customers delete}, and the CLI's raw {@code post} to such a
 * resource or {@code delete} of any. The Stripe CLI runs in test mode unless {@code --live} or a
 * live key is given ({@code production.live-payment} denies those), but a key in the environment
 * ({@code STRIPE_API_KEY}) or a project's configuration decides the mode too, and the guard sees
 * neither: the act is sure, its account a guess, so it is asked. A test key given ({@code
 * sk_test_…}, {@code --api-key "$STRIPE_TEST_SECRET_KEY"}) settles it. Of the other processors,
 * none ships a CLI that moves money (Adyen, PayPal, Braintree and Square work through their APIs,
 * which {@code production.live-payment} reads).
 */
final class PaymentCommands {
  private PaymentCommands() {}

  /** Stripe's resources and the operations on them that move money, destroy or settle a debt. */
  private static final Map<String, Set<String>> ACTS =
      Map.ofEntries(
          Map.entry("refunds", NameSet.of("create")),
          Map.entry("payouts", NameSet.of("create", "cancel", "reverse")),
          Map.entry("transfers", NameSet.of("create")),
          Map.entry("transfer_reversals", NameSet.of("create")),
          Map.entry("topups", NameSet.of("create")),
          Map.entry("charges", NameSet.of("create", "capture")),
          Map.entry("payment_intents", NameSet.of("create", "capture", "confirm", "cancel")),
          Map.entry(
              "invoices",
              NameSet.of(
                  "void",
                  "pay",
                  "delete",
                  "finalize_invoice",
                  "send_invoice",
                  "mark_uncollectible")),
          Map.entry("credit_notes", NameSet.of("create", "void")),
          Map.entry("subscriptions", NameSet.of("cancel", "delete")),
          Map.entry("subscription_schedules", NameSet.of("cancel", "release")),
          Map.entry("customers", NameSet.of("delete")),
          Map.entry("disputes", NameSet.of("close")),
          Map.entry("accounts", NameSet.of("delete", "reject")),
          Map.entry("balance_transactions", NameSet.of("create")),
          Map.entry("application_fees", NameSet.of("refund")));

  /** The CLI's options that take a value as the next word. */
  private static final Set<String> VALUED =
      NameSet.of(
          "--api-key",
          "--project-name",
          "-p",
          "--color",
          "--log-level",
          "--config",
          "--device-name",
          "--stripe-account",
          "--stripe-version");

  /**
   * What the Stripe CLI is told to do that moves money or destroys, or {@code null}: its resource
   * and operation ({@code refunds create}), not a read, a listener, a trigger of test events or a
   * test key's call.
   *
   * @param scan the call
   * @param step a {@code stripe} step
   * @return the resource and operation, as the reason shows them
   */
  static String acts(Scan scan, Step step) {
    if (!step.program().equals("stripe")) {
      return null;
    }
    List<String> words = new ArrayList<>(2);
    List<Word> args = step.args();
    for (int i = 0; i < args.size() && words.size() < 2; i++) {
      String text = args.get(i).text();
      if (VALUED.contains(text)) {
        i++;
      } else if (!text.startsWith("-")) {
        words.add(text.toLowerCase(Locale.ROOT));
      }
    }
    if (words.size() < 2 || testKey(scan, step)) {
      return null;
    }
    String resource = words.get(0);
    String operation = words.get(1);
    if (resource.equals("delete") || resource.equals("post") && rawActs(operation)) {
      return resource + " " + operation; // stripe delete /v1/customers/cus_1
    }
    Set<String> acts = ACTS.get(resource);
    return acts != null && acts.contains(operation) ? resource + " " + operation : null;
  }

  /** Whether a raw POST's path names a resource that moves money or an act on one. */
  private static boolean rawActs(String path) {
    for (String segment : path.split("/")) {
      if (ACTS.containsKey(segment) && !segment.equals("customers")
          || Set.of("void", "pay", "cancel", "capture", "close", "reverse").contains(segment)) {
        return true;
      }
    }
    return false;
  }

  /**
   * An object of test mode by its id: Stripe's test cards and tokens ({@code pm_card_visa}, {@code
   * tok_visa}), or an id the writer named for a test ({@code cus_QaTestMember01}, {@code
   * ch_3QLmTestChg…}), as an option's value or alone.
   */
  private static final Pattern TEST_OBJECT =
      Pattern.compile("(?i)^(?:--[a-z_-]+=)?(?:pm_card_\\w+|tok_[a-z]+|[a-z]{2,5}_\\w*test\\w*)$");

  /**
   * Whether the call gives the CLI a test key, by its option or the environment it sets, or acts on
   * test mode's objects.
   */
  private static boolean testKey(Scan scan, Step step) {
    List<String> keys = new ArrayList<>();
    for (Word word : step.args()) {
      keys.add(word.text());
      if (word.text().length() < 128 && PatternLiterals.finds(TEST_OBJECT, word.text())) {
        return true; // merged rounds: pi_3PqTESTa…, cus_QaTestMember01, pm_card_visa
      }
    }
    for (String value : LiveKeys.apiKeys(keys)) {
      String v = value.toLowerCase(Locale.ROOT);
      if (v.contains("_test_")
          || v.indexOf('$') >= 0 && (v.contains("test") || v.contains("sandbox"))) {
        return true;
      }
    }
    for (String assignment : scan.assignmentsFor(step.program())) {
      if (assignment.startsWith("STRIPE_API_KEY=") && assignment.contains("_test_")) {
        return true;
      }
    }
    return false;
  }
}
