package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A prepared payment batch changed by an edit tool (issue 80 round 66, {@code
 * money.payment-file-changed}): a CHAPS, BACS, NACHA, SEPA {@code pain.001} or payments file
 * waiting in an outbox, or a payments folder's batch, whose amount or payee the edit changes
 * ({@code outbox/chaps-2024-06-14.csv}: {@code 412500.00} made {@code 421500.00}). The rule's
 * places read a treasury's outbox by its folders ({@code finance/outbox/ach/}); a small office
 * keeps its batch in the project's own {@code outbox/} or {@code payments/} and names the scheme in
 * the file.
 *
 * <p>Ordinary neighbours: a test's, a fixture's or a sample's batch; one generated into a build's
 * folder or {@code /tmp}; one already sent (an archive, {@code sent/}); a configuration's or a
 * template's file ({@code payments/config/allowlist.csv}); an edit that changes only the spacing or
 * the quoting of the rows.
 */
final class PaymentBatches {
  private PaymentBatches() {}

  /** What a batch's name is split into words at. */
  private static final Pattern NOT_LETTERS = Pattern.compile("[^a-z]+");

  /** Folders where a batch waits to be sent. */
  private static final Set<String> WAITING =
      NameSet.of(
          "outbox",
          "outbound",
          "outgoing",
          "to_bank",
          "to-bank",
          "to_send",
          "to-send",
          "unsent",
          "pending",
          "queue",
          "queued",
          "ready",
          "approved");

  /** Folders that hold payment batches, and only them. */
  private static final Set<String> PAYMENT_FOLDERS =
      NameSet.of(
          "payments",
          "payment-runs",
          "payment_runs",
          "payruns",
          "pay-runs",
          "payment-batches",
          "payment_batches",
          "payouts",
          "disbursements",
          "bacs",
          "chaps",
          "nacha",
          "sepa",
          "wires");

  /** Words of a file's name or folder that name a payment scheme or a payment batch. */
  private static final Set<String> PAYMENT_WORDS =
      NameSet.of(
          "chaps",
          "bacs",
          "ach",
          "nacha",
          "sepa",
          "pain",
          "pain001",
          "fps",
          "eft",
          "giro",
          "swift",
          "payment",
          "payments",
          "payroll",
          "payout",
          "payouts",
          "wire",
          "wires",
          "disbursement",
          "disbursements",
          "remittance",
          "remittances",
          "transfers");

  /** The extensions of a batch's data: rows, not code nor configuration. */
  private static final Set<String> DATA =
      NameSet.of("csv", "tsv", "txt", "dat", "xml", "ach", "nacha", "aba", "bacs", "xlsx", "xls");

  /** Folders of made-up data, of a build's output, or of batches already sent. */
  private static final Set<String> NOT_WAITING =
      NameSet.of(
          "test",
          "tests",
          "__tests__",
          "spec",
          "specs",
          "fixtures",
          "fixture",
          "testdata",
          "test-data",
          "mocks",
          "samples",
          "sample",
          "examples",
          "example",
          "build",
          "target",
          "dist",
          "out",
          "tmp",
          "archive",
          "archived",
          "sent",
          "processed",
          "done",
          "ack",
          "acks",
          "config",
          "configs",
          "settings",
          "schemas",
          "templates");

  /**
   * {@return the batch an edit tool's call changes, or {@code null}}
   *
   * @param scan the call
   */
  static String edited(Scan scan) {
    CallForRules call = scan.call();
    return EditCalls.read(
        call,
        (old, now, files) -> {
          String file = EditCalls.inProject(files, call.project()).get(0);
          return waiting(file) && changed(old, now) ? file : null;
        });
  }

  /**
   * Whether a program of the call writes a payment batch waiting to be sent: {@code sed -i} on it,
   * a file moved over it, a redirection into it.
   *
   * @param scan the call
   * @param step the program
   * @return whether it writes one
   */
  static boolean written(Scan scan, Step step) {
    java.nio.file.Path project = scan.call() == null ? null : scan.call().project();
    List<Access> own = OwnAccesses.of(scan, step); // not every access of the call, per program
    for (int i = 0; i < own.size(); i++) {
      Access access = own.get(i);
      if (access.kind() == Access.Kind.WRITE && access.target().known()) {
        String file = access.target().path().toString();
        if (waiting(EditCalls.inProject(List.of(file), project).get(0))) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether an edit changes a row's text, not only its spacing or quoting; a new file does. */
  private static boolean changed(String old, String now) {
    return old.isEmpty() || !bare(old).equals(bare(now));
  }

  private static String bare(String text) {
    return text.replaceAll("[\\s\"']", "");
  }

  /** Whether a file is a payment batch waiting to be sent, by its name and its folders. */
  static boolean waiting(String file) {
    String lower = file.toLowerCase(Locale.ROOT);
    if (lower.startsWith("/tmp/") || lower.startsWith("/var/tmp/")) {
      return false;
    }
    int slash = lower.lastIndexOf('/');
    String name = lower.substring(slash + 1);
    int dot = name.lastIndexOf('.');
    if (dot < 0 || !DATA.contains(name.substring(dot + 1))) {
      return false;
    }
    List<String> folders = slash < 0 ? List.of() : List.of(lower.substring(0, slash).split("/"));
    boolean waits = false;
    boolean paymentFolder = false;
    for (String folder : folders) {
      if (NOT_WAITING.contains(folder)) {
        return false;
      }
      waits |= WAITING.contains(folder);
      paymentFolder |= PAYMENT_FOLDERS.contains(folder);
    }
    if (BankNumbers.testData(name)) {
      return false; // test_batch.csv, batch.sample.csv
    }
    boolean named = paymentFolder;
    for (String part : NOT_LETTERS.split(name.substring(0, dot))) { // split("[^a-z]+") once
      named |= PAYMENT_WORDS.contains(part);
    }
    for (String folder : folders) {
      named |= PAYMENT_WORDS.contains(folder);
    }
    return named && (waits || paymentFolder);
  }
}
