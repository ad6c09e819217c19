package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A fax sent from the command line (decision 206, {@code acts.mail-sent}): HylaFAX's {@code sendfax
 * -d NUMBER FILES}, {@code efax}, {@code faxsend}; and, for {@code acts.mass-send}'s loop, a
 * request to a fax service's API ({@code www.srfax.com}, {@code api.faxage.com}). A fax is a letter
 * to whoever holds the number: a wrong digit puts a patient's report on a stranger's machine, and
 * nothing calls it back. A test page is no one's letter.
 */
final class FaxSends {
  private FaxSends() {}

  /** The programs that send a fax. */
  static final Set<String> FAXERS = NameSet.of("sendfax", "efax", "faxsend", "efix-send");

  /** The options that name no file: a number, a sender, a resolution, a modem. */
  private static final Set<String> VALUED =
      Set.of("-d", "-f", "-h", "-i", "-o", "-r", "-s", "-t", "-c", "-x", "-y", "-k", "-a", "-b");

  /** The parts of a name that say a test page or a cover sheet. */
  private static final Pattern TEST_PAGE =
      Pattern.compile("(?i)test|sample|example|dummy|cover|blank|demo");

  /** A fax service's host: a part of it names a fax. */
  private static final Pattern FAX_HOST = Pattern.compile("(?i)(?:^|[.-])[a-z]*fax[a-z]*\\.");

  /** Whether the step faxes a document that is not a test page. */
  static boolean faxesDocument(Step step) {
    if (!FAXERS.contains(step.program())) {
      return false;
    }
    List<Word> args = step.args();
    boolean document = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (VALUED.contains(text)) {
        i++;
        continue;
      }
      if (text.startsWith("-")) {
        continue;
      }
      String name = text.substring(text.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
      document |= !PatternLiterals.finds(TEST_PAGE, name);
    }
    return document; // the numbers may come from a file ($(sed 's/^/-d /' leads.txt))
  }

  /** The options of an HTTP client that carry what it sends. */
  private static final Set<String> CARRIES =
      Set.of(
          "-d", "--data", "--data-raw", "--data-binary", "--data-urlencode", "-F", "--form", "-T");

  /** Whether an HTTP client's step sends something to a fax service's API (in a loop, a fax). */
  static boolean toFaxService(Step step) {
    boolean fax = false;
    boolean carries = false;
    for (Word word : step.args()) {
      String text = word.text();
      if (!fax && text.contains("://")) {
        String host = Hosts.of(text);
        fax = host != null && PatternLiterals.finds(FAX_HOST, host + ".");
      }
      carries |= CARRIES.contains(text);
    }
    return fax && carries;
  }
}
