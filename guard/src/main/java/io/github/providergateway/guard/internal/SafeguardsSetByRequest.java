package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A safeguard switched off through a command's request rather than an edit (decision 336, helper
 * weaken2; round 77's {@code tessctl api POST /v2/tenants/contoso/settings -d
 * '{"sso":{"require_mfa":false,"allow_local_login":true}}'}), for the book's {@code
 * safeguards.protection-off} ({@code request-turns-safeguard-off}), whatever the program: a body
 * given by an option ({@code -d}, {@code --data}, {@code --json}, {@code --body}, {@code -p}) or
 * fields ({@code -f k=v}, {@code -F k=v}, {@code --field}, httpie's {@code k:=v}) is read as the
 * settings it writes ({@link PatchBodies}), and a setting is weakened when a requirement's key is
 * set off, an unsafe or skipping key on ({@link PermissiveFlips#requested}), or a visibility's,
 * privacy's or sharing's key open ({@link ExposureFlips#set}). The old value is not seen: a request
 * that sets a requirement off means it off. A read ({@code GET}, {@code HEAD}) and a request to the
 * machine itself (a development server) are not read.
 */
final class SafeguardsSetByRequest {
  private SafeguardsSetByRequest() {}

  /** Options whose value is a request's body. */
  private static final Set<String> BODIES =
      NameSet.of(
          "-d",
          "--data",
          "--data-raw",
          "--data-binary",
          "--json",
          "--body",
          "-p",
          "--patch",
          "--payload",
          "--settings");

  /** Options whose value is one field of a request's body: {@code -f key=value}. */
  private static final Set<String> FIELDS = NameSet.of("-f", "-F", "--field", "--raw-field");

  /** The programs whose positionals {@code key:=value} and {@code key=value} are body fields. */
  private static final Set<String> HTTPIE = NameSet.of("http", "https", "xh", "xhs");

  /** Methods that only read. */
  private static final Set<String> READS = NameSet.of("get", "head", "options");

  /**
   * What a program's request turns off, or {@code null}.
   *
   * @param step the program
   * @return what the reason shows, or {@code null}
   */
  static String of(Step step) {
    List<Word> args = step.args();
    if (args.isEmpty() || args.size() > 256) {
      return null;
    }
    boolean httpie = HTTPIE.contains(step.program());
    StringBuilder body = new StringBuilder();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String lower = text.toLowerCase(Locale.ROOT);
      if (READS.contains(lower) || lower.contains("localhost") || lower.contains("127.0.0.1")) {
        return null; // a read, or the machine's own development server
      }
      int equals = text.indexOf('=');
      String option = text.startsWith("--") && equals > 0 ? text.substring(0, equals) : text;
      String value =
          option.length() < text.length()
              ? text.substring(equals + 1)
              : i + 1 < args.size() ? args.get(i + 1).text() : null;
      if (value == null) {
        continue;
      }
      if (BODIES.contains(option)) {
        String lines = PatchBodies.lines(value);
        if (lines != null && lines.length() < 16 * 1024) {
          body.append(lines);
        }
      } else if (FIELDS.contains(option)) {
        body.append(field(value));
      } else if (httpie && !text.startsWith("-")) {
        body.append(field(text.replace(":=", "=")));
      }
    }
    return body.isEmpty() ? null : weakened(body.toString());
  }

  /** A field {@code key=value} as a setting's line. */
  private static String field(String text) {
    int equals = text.indexOf('=');
    if (equals <= 0 || text.length() > 400) {
      return "";
    }
    return text.substring(0, equals) + ": " + text.substring(equals + 1) + "\n";
  }

  /** The first setting of a body that weakens a safeguard, or {@code null}. */
  private static String weakened(String body) {
    for (SafeguardSettings.Setting setting : SafeguardSettings.settings(body, false, Set.of())) {
      String shown = PermissiveFlips.requested(setting.key(), setting.value());
      if (shown != null) {
        return shown;
      }
    }
    return ExposureFlips.set(body, "request");
  }
}
