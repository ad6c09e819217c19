package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * Files that hold people's communications or a matter's evidence by what they are and where they
 * lie (decision 219): a person's mail ({@code .eml}, {@code .mbox}, {@code .pst}…, a Maildir, a
 * mail client's store) and what lies in a matter's evidence, a custodian's collection or a review
 * export ({@code /mnt/evidence/MRDN-2023-114/CUST-02/export/msg_004412.eml}, {@code
 * /mnt/review-exports/HALC-2024-031/de_batch_07}). Only outside the project and the temporary
 * folders (what the session copies there it remembers itself), and not in a test corpus ({@code
 * ~/src/mail-parser/tests/mails/}): a library's samples and the project's fixtures are nobody's.
 */
final class PeoplesCorrespondence {

  /** A mail file: a message, a mailbox, an Outlook or Apple Mail store. */
  private static final Pattern MAIL_FILE =
      Pattern.compile("(?i)\\.(?:eml|emlx|mbox|mbx|pst|ost|olm)$");

  /** A mail store on this machine: a Maildir, a mail client's folder, the system's spool. */
  private static final Pattern MAIL_STORE =
      Pattern.compile(
          "(?i)/(?:maildir|\\.maildir|\\.thunderbird|Library/Mail|var/mail|var/spool/mail"
              + "|\\.local/share/evolution/mail)(?:/|$)");

  /** A folder of a matter: its evidence, a custodian's collection, a review export, a hold. */
  private static final Pattern MATTER =
      Pattern.compile(
          "(?i)/(?:evidence|custodians?|review[-_]?exports?|e-?discovery|legal[-_]?holds?)(?:/|$)");

  /** A folder of samples: a test corpus, fixtures, examples. */
  private static final Pattern SAMPLES =
      Pattern.compile(
          "(?i)/(?:tests?|testdata|test[-_]data|fixtures|samples?|examples?|corpus|spec)(?:/|$)");

  private PeoplesCorrespondence() {}

  /**
   * What people's communications a file holds by its kind and place, or null.
   *
   * @param scan the call's scan (its places)
   * @param target a file the call names
   * @return {@code a person's mail} or {@code a matter's evidence}, or null
   */
  static String held(Scan scan, Target target) {
    if (!target.known()) {
      return null;
    }
    Place place = scan.place(target);
    if (place != Place.OUTSIDE && place != Place.HOME && place != Place.SYSTEM) {
      return null;
    }
    String path = shown(target);
    if (PatternLiterals.finds(SAMPLES, path)) {
      return null;
    }
    if (PatternLiterals.finds(MATTER, path)) {
      return "a matter's evidence";
    }
    return PatternLiterals.finds(MAIL_FILE, path) || PatternLiterals.finds(MAIL_STORE, path)
        ? "a person's mail"
        : null;
  }

  /** {@return a known target as a reason shows it: the glob it expands, or its path} */
  static String shown(Target target) {
    return target.glob() != null ? target.glob() : target.path().toString();
  }
}
