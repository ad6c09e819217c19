package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A trade's tool the guard knows nothing of ({@link UnnamedToolActs#unnamed}), told to export or
 * report its records and to deliver them elsewhere itself (decision 253, {@code
 * shapes.export-sent-out}): {@code jmsctl export release-schedule --sftp
 * ero-feed@sftp.ice.dhs.gov:/inbound/}, {@code jmsctl prea export --report P-14 --email
 * unit-c-sergeants@mcso.org}, {@code icsctl recordings export --out /mnt/da-share/24CR1187/},
 * {@code jmsctl transport export --date 2025-03-18 | curl --data-binary @- "$TEAMS_WEBHOOK_URL"}.
 * An export read here is a read ({@code export} and {@code report} are among the shapes' reads);
 * one the tool hands to another host, a mail address, a shared mount or a sender in the pipeline
 * reaches whoever reads there, and the trade's records are people's: an inmate's calls, a victim's
 * name, who is moved when.
 */
final class UnnamedToolExports {
  private UnnamedToolExports() {}

  /** The command words of an export: a part of one of them. */
  private static final Set<String> EXPORTING =
      NameSet.of("export", "exports", "report", "reports", "extract", "dump", "roster");

  /** Options whose value is where the export is read from, not where it goes. */
  private static final Set<String> SOURCES =
      NameSet.of("in", "input", "from", "source", "src", "read", "config", "template", "key");

  /** Options whose value is a mail address the export is sent to. */
  private static final Set<String> MAIL_OPTIONS =
      NameSet.of(
          "email",
          "mail",
          "to",
          "send-to",
          "mail-to",
          "email-to",
          "recipient",
          "recipients",
          "cc",
          "bcc",
          "notify");

  /** Options whose value, a web address, is where the export is delivered. */
  private static final Set<String> DELIVERY_OPTIONS =
      NameSet.of(
          "webhook",
          "upload",
          "upload-to",
          "post",
          "post-to",
          "push",
          "push-to",
          "deliver",
          "deliver-to",
          "dest",
          "destination",
          "send-to",
          "to",
          "sftp",
          "scp",
          "ftp",
          "target");

  /** A mail address. */
  private static final Pattern MAIL = Pattern.compile("[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)+");

  /** Another machine's path: {@code user@host:/path}, {@code sftp://…}, {@code smb://…}. */
  private static final Pattern REMOTE_PATH =
      Pattern.compile(
          "(?i)(?:(?:sftp|scp|ftps?|smb|cifs|nfs|s3|gs|az|webdav|davs?)://\\S+"
              + "|[\\w.-]+@[\\w.-]+\\.[\\w-]+:\\S*|//[\\w.-]+/\\S+|\\\\\\\\[\\w.-]+\\\\\\S+)");

  /** The roots of mounted shares: {@code /mnt/da-share}, {@code /Volumes/Housing}. */
  private static final Set<String> MOUNT_ROOTS =
      Set.of("mnt", "media", "Volumes", "nfs", "share", "shares");

  /** A path of nobody's data on a mount: a test's, a scratch copy. */
  private static final Pattern NOBODYS =
      Pattern.compile(
          "(?i)(?:^|/)(?:tests?|fixtures?|testdata|samples?|examples?|tmp|temp|scratch|cache)(?:/|$)");

  /** The senders a pipeline's export may be handed to on their input. */
  private static final Set<String> MAILERS =
      NameSet.of("mail", "mailx", "sendmail", "mutt", "swaks");

  /**
   * The export the call has an unnamed tool deliver elsewhere, as the reason shows it.
   *
   * @param scan the call
   * @return what was found, or {@code null}
   */
  static String found(Scan scan) {
    List<Step> steps = scan.steps();
    boolean piped = scan.source() != null && scan.source().indexOf('|') >= 0;
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      if (!exports(step.args()) || !UnnamedToolActs.unnamed(scan, step)) {
        continue;
      }
      String where = deliveredTo(scan, step.args());
      if (where != null) {
        return Scan.render(step.invocation()) + " delivers its export to " + where;
      }
      for (int j = i + 1; piped && j < steps.size(); j++) {
        if (sender(steps.get(j))) {
          return Scan.render(steps.get(j).invocation())
              + " sends the export "
              + step.program()
              + " made";
        }
      }
    }
    return null;
  }

  /** Whether one of the first command words exports. */
  private static boolean exports(List<Word> args) {
    int taken = 0;
    boolean value = false;
    for (int i = 0; i < args.size() && i < ShapeWords.SCAN && taken < ShapeWords.DEPTH; i++) {
      Word word = args.get(i);
      String text = word.text();
      boolean isValue = value;
      value = text.startsWith("-") && text.indexOf('=') < 0;
      if (isValue
          || text.startsWith("-")
          || !word.literal()
          || text.isEmpty()
          || text.length() > 64) {
        continue;
      }
      taken++;
      if (ServiceVerbs.anyPartIn(text, EXPORTING)) {
        return true;
      }
    }
    return false;
  }

  /** Where the tool's own options send the export: another host, a mail address, a share. */
  private static String deliveredTo(Scan scan, List<Word> args) {
    for (int i = 0; i < args.size() && i < 64; i++) {
      Word word = args.get(i);
      String text = word.text();
      if (!word.literal() || text.length() > 512) {
        continue;
      }
      String option = null;
      String value = text;
      int eq = text.indexOf('=');
      if (text.startsWith("--") && eq > 2) {
        option = text.substring(2, eq);
        value = text.substring(eq + 1);
      } else if (text.startsWith("-")) {
        continue;
      } else if (i > 0
          && args.get(i - 1).text().startsWith("-")
          && args.get(i - 1).text().indexOf('=') < 0) {
        option = args.get(i - 1).text().replaceFirst("^--?", "");
      }
      String name = option == null ? "" : option.toLowerCase(Locale.ROOT);
      if (SOURCES.contains(name)) {
        continue;
      }
      if (MAIL_OPTIONS.contains(name) && PatternLiterals.matches(MAIL, value)) {
        return value;
      }
      if (PatternLiterals.matches(REMOTE_PATH, value)) {
        return value;
      }
      if (DELIVERY_OPTIONS.contains(name) && value.regionMatches(true, 0, "https://", 0, 8)) {
        return value;
      }
      if (onShare(scan, value)) {
        return value;
      }
    }
    return null;
  }

  /** Whether {@code text} is a path on a mounted share, neither the project's nor a test's. */
  private static boolean onShare(Scan scan, String text) {
    if (!text.startsWith("/") || PatternLiterals.finds(NOBODYS, text)) {
      return false;
    }
    Path path;
    try {
      path = Path.of(text).normalize();
    } catch (RuntimeException unreadable) {
      return false;
    }
    if (path.getNameCount() < 2 || !MOUNT_ROOTS.contains(path.getName(0).toString())) {
      return false;
    }
    if (path.getName(0).toString().equals("mnt") && path.getName(1).toString().length() == 1) {
      return false; // /mnt/c/Users/…: a Windows drive under WSL, the person's own
    }
    Path project = scan.call().project();
    return project == null || !path.startsWith(project);
  }

  /** Whether a step sends what it reads on its input to another machine or a mail address. */
  private static boolean sender(Step step) {
    return MAILERS.contains(step.program()) || PersonalData.stdinSender(step, true);
  }
}
