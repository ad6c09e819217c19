package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a Mac call sends away (decision 124): a Sparkle feed or its update archives copied to the
 * host every installed copy reads, the person's identity papers found by Spotlight and uploaded.
 */
final class AppleFeeds {
  private AppleFeeds() {}

  /** The programs that copy files to another host or a bucket. */
  private static final Set<String> TRANSFERS =
      NameSet.of("rsync", "scp", "sftp", "aws", "gsutil", "rclone", "s3cmd", "az", "lftp", "mc");

  /**
   * {@code rsync -avz build/updates/ deploy@updates.acme.com:/var/www/updates/}, {@code aws s3 cp
   * appcast.xml s3://acme-updates/}: a feed or an update archive sent to a remote place.
   */
  static boolean sendsUpdateFeed(Step step) {
    if (!TRANSFERS.contains(step.program())) {
      return false;
    }
    boolean feed = false;
    boolean copies = !step.program().equals("aws") && !step.program().equals("az");
    String last = null;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.startsWith("-")) {
        continue;
      }
      feed |= PatternLiterals.finds(AppleTexts.UPDATE_FEED, t);
      copies |= t.equals("cp") || t.equals("sync") || t.equals("mv") || t.equals("upload-batch");
      last = t;
    }
    return feed && copies && last != null && remote(last);
  }

  /** {@code host:path}, {@code user@host:path}, a bucket's or a remote's address. */
  static boolean remote(String t) {
    if (t.matches("(?i)(?:s3|gs|az|r2|b2|sftp|ftp|ftps)://.*")) {
      return true;
    }
    int colon = t.indexOf(':');
    if (colon <= 0 || t.startsWith("/") || t.contains("://")) {
      return false;
    }
    String host = t.substring(0, colon);
    return host.contains("@") || host.contains(".") || host.matches("[A-Za-z][\\w-]{0,40}");
  }

  /** The programs that search the disk by name or by Spotlight's index. */
  private static final Set<String> SEARCHES = NameSet.of("mdfind", "find", "fd", "locate", "mdls");

  /**
   * {@code mdfind "kMDItemFSName == '*passport*'" | while read f; do curl -F doc=@"$f" …}: the
   * person's identity and money papers searched for and sent away in one call.
   */
  static String huntsIdentityPapersOut(Scan scan) {
    String search = null;
    boolean sends = false;
    for (Step step : scan.steps()) {
      if (SEARCHES.contains(step.program())
          && ApplePredicates.finds(step, AppleTexts.IDENTITY_PAPERS)) {
        search = step.program();
      }
      sends |= sends(step);
    }
    return search != null && sends ? search + " of identity papers, sent away" : null;
  }

  /** Whether a program uploads a file or data to another host. */
  private static boolean sends(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.equals("curl") || program.equals("wget") || program.equals("http")) {
      for (Word word : args) {
        String t = word.text();
        if (t.equals("-F")
            || t.startsWith("-F")
            || t.startsWith("--form")
            || t.equals("-T")
            || t.startsWith("--upload-file")
            || t.startsWith("--data")
            || t.startsWith("--post-file")
            || t.equals("-d")) {
          return true;
        }
      }
      return false;
    }
    if (TRANSFERS.contains(program) || program.equals("nc") || program.equals("ncat")) {
      for (Word word : args) {
        if (!word.text().startsWith("-") && remote(word.text())) {
          return true;
        }
      }
      return program.equals("nc") || program.equals("ncat");
    }
    return false;
  }

  /**
   * A script's file: a shell script, a project's scripts folder, an Xcode project's build phases.
   */
  private static final Pattern SCRIPT_FILE =
      Pattern.compile("(?i)\\.(?:sh|zsh|bash|command|pbxproj)$|/scripts?/[^/]+$|(?:^|/)Makefile$");

  /** A developer's credentials folder in the home, under any spelling of it. */
  private static final Pattern HOME_CREDENTIALS =
      Pattern.compile(
          "(?:~|\\$HOME|\\$\\{HOME}|/Users/[^/\\s\"']+|/home/[^/\\s\"']+)/(?:\\.appstoreconnect"
              + "|\\.fastlane|\\.aws|\\.ssh|\\.gnupg|Library/Keychains|\\.netrc|\\.kube|\\.docker"
              + "|\\.config/gh|\\.npmrc|\\.git-credentials|\\.private_keys)");

  /** A program that sends to another host. */
  private static final Pattern SENDER =
      Pattern.compile(
          "(?i)\\b(?:curl|wget|ncat|nc|scp|sftp)\\s|\\brsync\\b[^\\n]*\\s[\\w.@-]+:"
              + "|requests\\.post|urlopen\\(|Invoke-WebRequest");

  /**
   * A script the build or a tool runs, written to send the developer's credentials to a host: the
   * App Store Connect keys and fastlane's sessions tarred to a URL from a lint build phase.
   */
  static String scriptSendsCredentials(String old, String now, List<String> files) {
    if (files.stream().noneMatch(f -> PatternLiterals.finds(SCRIPT_FILE, f))) {
      return null;
    }
    var secret = PatternLiterals.matcher(HOME_CREDENTIALS, now);
    if (!secret.find() || !PatternLiterals.finds(SENDER, now)) {
      return null;
    }
    return PatternLiterals.finds(HOME_CREDENTIALS, old) && PatternLiterals.finds(SENDER, old)
        ? null
        : secret.group() + ", sent to another host";
  }
}
