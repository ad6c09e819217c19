package io.github.providergateway.guard.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a chat post that names a pull request says beyond the change (decision 165, the red team of
 * decision 161's {@link ChangeAnnounced}): a link that is no forge's, a password or a token with
 * its value, code pasted in, news the company has not made public (an unannounced deal, results, a
 * layoff), a figure of money, a card's number, an exploit not yet patched. A pull request's number
 * beside any of these is cover, not an announcement: the post is asked as any message is.
 */
final class AnnouncedBeyond {
  private AnnouncedBeyond() {}

  /** A link in the post. */
  private static final Pattern LINK = Pattern.compile("https?://[^\\s<>|)\"']+");

  /** A pull or merge request's page on any forge, the company's own too. */
  private static final Pattern CHANGE_PAGE =
      Pattern.compile("/(?:pull|pulls|merge_requests|pull-requests|-/merge_requests)/\\d+");

  /** What no announcement of a change carries. */
  private static final Pattern BEYOND =
      Pattern.compile(
          "(?i)\\b(?:password|passwd|pwd|passphrase|token|secret|api[ _-]?key|credentials?)"
              + "\\s*(?:is|[:=])\\s*\\S"
              + "|```"
              + "|\\b(?:confidential|embargo\\w*|insider|mnpi|unannounced|under wraps)\\b"
              + "|\\bkeep (?:it|this) (?:quiet|secret|between us|to yourselves)"
              + "|\\bdo(?:n't| not) (?:share|tell|forward)|\\bnot (?:yet )?(?:public|announced)"
              + "|\\bnot told yet|\\b\\w+ not told\\b"
              + "|\\blay-?offs?\\b|\\blaid off\\b|\\bredundanc(?:y|ies)\\b"
              + "|[$£€]\\s?\\d[\\d,.]*\\s?(?:k|m|bn|b|million|billion)\\b"
              + "|\\b(?:revenue|profit|earnings|sales|margin|ebitda)\\s+(?:\\w+\\s+){0,2}?"
              + "(?:up|down|of|at|is|fell|rose|missed|beat)\\s+\\S*\\d"
              + "|\\b\\d{4}(?:[ -]?\\d{4}){2,3}\\b"
              + "|\\bexploit\\w*|\\bunpatched\\b|\\bno patch\\b|\\bzero[- ]day\\b"
              + "|\\bauth(?:entication)? bypass\\b|\\bremote code execution\\b");

  /**
   * Whether what the post says (not its channel's name or ids) carries more than the change.
   *
   * @param said the post's words
   * @return whether it does
   */
  static boolean saysMore(CharSequence said) {
    if (BEYOND.matcher(said).find()) {
      return true;
    }
    Matcher link = LINK.matcher(said);
    while (link.find()) {
      String url = link.group();
      if (!PatternLiterals.finds(CHANGE_PAGE, url) && !SharedActs.forge(Environments.host(url))) {
        return true; // a document's, a bucket's, a wiki's link (decision 165)
      }
    }
    return false;
  }
}
