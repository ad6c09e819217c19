package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A check taken out of a cluster's or a site's policy script (session 18, round 75's HPC centre,
 * widening decision 333's {@code safeguards.check-removed}): node health checks deleted from {@code
 * nhc.conf}, {@code job_submit.lua}'s allocation check, Lmod's {@code SitePackage.lua} licence
 * check, a prolog's GPU check, a PBS hook's rejection, {@code pam_slurm_adopt} taken out of a
 * node's PAM stack. Read by what the removed lines do: the edit's old text holds more checks than
 * its new one (an NHC {@code check_…}, an {@code LmodError}, a Slurm error returned, a hook's
 * {@code reject}, an {@code exit} with a failure, a PAM account module), or {@code sed -i} deletes
 * lines of such a file. A message reworded, a check added, a test's spec edited are not.
 */
final class ClusterCheckEdits {
  private ClusterCheckEdits() {}

  /** A cluster's or a site's policy scripts, by their names. */
  private static final Pattern POLICY_FILE =
      Pattern.compile(
          "(?:^|/)(?:job_submit\\.lua|cli_filter\\.lua|nhc\\.conf(?:\\.d/[^/]+)?|[^/]*\\.nhc"
              + "|SitePackage\\.lua|lmod_config\\.lua|(?:[^/]*[-_.])?(?:prolog|epilog)[^/]*"
              + "|pam\\.d/[^/]+)$"
              + "|/(?:nhc|prolog\\.d|epilog\\.d|server_priv/hooks)/[^/]+$");

  /** A test's or an example's place: its policy files are the developer's own. */
  private static final Pattern TEST_PLACE =
      Pattern.compile("(?i)(?:^|/)(?:tests?|spec|examples?|fixtures)(?:/|$)|_spec\\.lua$");

  /**
   * A sed script that deletes the lines a pattern with a word in it finds ({@code /check_hw_ib/d},
   * {@code /account_has_gpu_alloc/,+3d}); blank lines' and comments' patterns have none.
   */
  private static final Pattern SED_DELETES =
      Pattern.compile("/[^/]*[A-Za-z_]{3}[^/]*/(?:,[+~]?\\d+|,\\$|,/[^/]*/)?\\s*d\\b");

  /** A line that checks and refuses. */
  private static final Pattern CHECK =
      Pattern.compile(
          "(?m)^[ \\t]*(?!#|--)[^\\n]*(?:\\bcheck_\\w+|\\bLmodError\\b|\\bslurm\\.ERROR\\b"
              + "|\\bESLURM_\\w+|\\.reject\\(|\\|\\|\\s*exit\\s+[1-9]|\\bexit\\s+[1-9]"
              + "|\\brequired\\s+pam_\\w+|\\brequisite\\s+pam_\\w+)");

  /**
   * A policy file's checks taken out by an edit.
   *
   * @param scan the call
   * @return the file, or {@code null}
   */
  static String removedByEdit(Scan scan) {
    EditCalls.Replacement edit = EditCalls.replacement(scan.call().args(), 8192);
    if (edit == null || !policyFile(edit.path())) {
      return null;
    }
    return count(edit.old()) > count(edit.now()) ? edit.path() : null;
  }

  /**
   * Whether {@code sed -i} deletes lines of a policy file.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean removedBySed(Step step) {
    if (!step.program().equals("sed")) {
      return false;
    }
    boolean inPlace = false;
    boolean deletes = false;
    boolean policy = false;
    List<Word> args = step.args();
    for (Word word : args) {
      String text = word.text();
      inPlace |= text.startsWith("-i") || text.startsWith("--in-place");
      deletes |= SED_DELETES.matcher(text).find();
      policy |= policyFile(text);
    }
    return inPlace && deletes && policy;
  }

  private static boolean policyFile(String path) {
    return POLICY_FILE.matcher(path).find() && !TEST_PLACE.matcher(path).find();
  }

  private static int count(String text) {
    Matcher matcher = CHECK.matcher(text);
    int found = 0;
    while (matcher.find()) {
      found++;
    }
    return found;
  }
}
