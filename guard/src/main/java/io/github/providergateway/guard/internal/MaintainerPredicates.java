package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code maintainers.*} rules ask of a program in code (issue 80, round 10,
 * decision 141): an open-source project's maintainer acting on its registries, its forge, its
 * signing keys, its licence and its community. The forge's and the registries' requests are {@link
 * MaintainerApis}'; the files a maintainer writes are {@link MaintainerFiles}'.
 */
final class MaintainerPredicates {
  private MaintainerPredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    for (String kind : MaintainerApis.kinds()) {
      if (!kind.equals("alert-dismissed")) { // one alert dismissed is triage; see below
        named.put("maintainer-api-" + kind, (scan, step, read) -> MaintainerApis.is(kind, step));
      }
    }
    named.put(
        "maintainer-api-dismisses-for-each",
        (scan, step, read) -> MaintainerApis.dismissesForEach(step));
    named.put(
        "maintainer-api-writes-default-branch",
        (scan, step, read) -> MaintainerApis.writesOntoDefaultBranch(step));
    named.put("deprecates-every-version", (scan, step, read) -> deprecatesEvery(step.args()));
    named.put("install-script-calls-out", (scan, step, read) -> installScriptCallsOut(step));
    named.put("mails-public-disclosure-list", (scan, step, read) -> mailsDisclosureList(step));
    named.put("variable-redirects-publishing", (scan, step, read) -> redirectsPublishing(step));
    named.put("names-provenance", (scan, step, read) -> namesProvenance(step.args()));
    named.put("agent-deletes-key", (scan, step, read) -> agentDeletesKey(step.args()));
    named.put(
        "reauthors-others-commits", (scan, step, read) -> reauthors(scan.source(), step.args()));
    named.put("relabels-licence", (scan, step, read) -> relabelsLicence(step.args()));
    named.put("stable-channel", (scan, step, read) -> stableChannel(step.args()));
    named.put("archive-made-public", (scan, step, read) -> archiveMadePublic(step));
    named.put("trigger-to-pull-request-target", (scan, step, read) -> triggerToTarget(step));
    named.put("formula-check-dropped", (scan, step, read) -> formulaCheckDropped(step.args()));
    named.put("posts-vulnerability", (scan, step, read) -> MaintainerReports.posts(step.args()));
    named.put(
        "removes-safeguard-file",
        (scan, step, read) -> MaintainerReports.removesSafeguardFile(step));
    named.put("removes-licence-file", (scan, step, read) -> MaintainerReports.removesLicence(step));
    named.put(
        "removes-signing-key", (scan, step, read) -> MaintainerReports.removesSigningKey(step));
    named.put(
        "deletes-credits-lines",
        (scan, step, read) -> MaintainerReports.deletesCreditsLines(step.args()));
  }

  /** Adds the call's predicates under their names: the files a maintainer writes. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    MaintainerFiles.addCallsTo(named);
    MaintainerReports.addCallsTo(named);
  }

  private static List<String> texts(List<Word> args) {
    List<String> texts = new ArrayList<>(args.size());
    for (Word word : args) {
      texts.add(word.text() == null ? "" : word.text());
    }
    return texts;
  }

  /** The positionals after the subcommand, the options and the values of these aside. */
  private static List<String> positionals(List<Word> args, Set<String> values) {
    List<String> found = new ArrayList<>();
    List<String> texts = texts(args);
    for (int i = 0; i < texts.size(); i++) {
      String t = texts.get(i);
      if (values.contains(t)) {
        i++;
      } else if (!t.startsWith("-")) {
        found.add(t);
      }
    }
    return found;
  }

  private static final Set<String> WHOLE_RANGES =
      NameSet.of("*", "x", "X", ">=0", ">=0.0.0", ">0", ">=0.0.0-0", "0 - 999", "");

  /**
   * Whether {@code npm deprecate} marks every version of a package: no version, or a range that
   * takes them all ({@code "*"}, {@code >=0}), with a message (an empty one takes the mark away).
   */
  static boolean deprecatesEvery(List<Word> args) {
    List<String> words = positionals(args, Set.of("--registry", "--otp", "--userconfig"));
    int at = words.indexOf("deprecate");
    if (at < 0 || words.size() < at + 3 || words.get(at + 2).isBlank()) {
      return false;
    }
    String spec = words.get(at + 1);
    int version = spec.indexOf('@', 1);
    return version < 0 || WHOLE_RANGES.contains(spec.substring(version + 1).strip());
  }

  private static final Pattern INSTALL_SCRIPT =
      Pattern.compile("^scripts\\.(?:pre|post)?install=|^(?:pre|post)?install$");

  /** What reaches the network from an install script: a URL, a downloader, a socket. */
  static final Pattern CALLS_OUT =
      Pattern.compile(
          "https?://|\\b(?:curl|wget|nc|ncat)\\b|require\\(\\s*['\"\\\\]*(?:https?|net|dgram)"
              + "['\"\\\\]|\\bfetch\\(|\\burllib|\\brequests\\.|\\bdns\\.");

  /**
   * Whether {@code npm pkg set} or {@code npm set-script} makes an install script (preinstall,
   * install, postinstall) that reaches the network: every machine that installs the package runs
   * it.
   */
  static boolean installScriptCallsOut(Step step) {
    List<String> words = texts(step.args());
    if (!words.contains("pkg") && !words.contains("set-script")) {
      return false;
    }
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (PatternLiterals.finds(INSTALL_SCRIPT, w)) {
        String script = w.contains("=") ? w : i + 1 < words.size() ? words.get(i + 1) : "";
        if (PatternLiterals.finds(CALLS_OUT, script)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Public lists where a vulnerability is disclosed to everyone the moment it is mailed. */
  private static final Pattern DISCLOSURE_LISTS =
      Pattern.compile(
          "(?i)\\b(?:oss-security@lists\\.openwall\\.com|oss-security@openwall\\.com"
              + "|full-?disclosure@(?:seclists\\.org|lists\\.grok\\.org\\.uk)"
              + "|bugtraq@(?:securityfocus\\.com|seclists\\.org))\\b");

  /** The programs that send mail. */
  private static final Set<String> MAILERS =
      NameSet.of(
          "git",
          "mail",
          "mailx",
          "s-nail",
          "mutt",
          "neomutt",
          "sendmail",
          "msmtp",
          "swaks",
          "python",
          "python3",
          "node",
          "ruby",
          "perl",
          "curl");

  /**
   * Whether a program mails a public disclosure list (oss-security, Full Disclosure, Bugtraq):
   * archived and read by everyone at once, unlike the private {@code distros} lists.
   */
  static boolean mailsDisclosureList(Step step) {
    if (!MAILERS.contains(step.program())) {
      return false;
    }
    for (Word word : step.args()) {
      if (word.text() != null && PatternLiterals.finds(DISCLOSURE_LISTS, word.text())) {
        return true;
      }
    }
    String code = InterpreterCode.of(step);
    return code != null && PatternLiterals.finds(DISCLOSURE_LISTS, code);
  }

  /** A CI variable's name that says where a release is uploaded or installed from. */
  private static final Pattern REDIRECT_NAMES =
      Pattern.compile(
          "(?i)REGISTRY|REPOSITORY_URL|INDEX_URL|PUBLISH_URL|UPLOAD_URL|REPO_URL|TWINE_REPOSITORY"
              + "|CARGO_REGISTRIES_|POETRY_REPOSITORIES_|SONATYPE|NEXUS_URL|PYPI_URL|NPM_CONFIG_");

  /** The registries' own hosts: a variable pointing at one redirects nothing. */
  private static final Pattern KNOWN_REGISTRIES =
      Pattern.compile(
          "(?i)^(?:[\\w-]+\\.)*(?:pypi\\.org|npmjs\\.org|npmjs\\.com|crates\\.io|rubygems\\.org"
              + "|ghcr\\.io|docker\\.io|docker\\.com|github\\.com|sonatype\\.org|sonatype\\.com"
              + "|maven\\.org|apache\\.org|nuget\\.org|pkg\\.dev|quay\\.io|hex\\.pm|anaconda\\.org"
              + "|jsr\\.io|localhost|127\\.0\\.0\\.1)$");

  private static final Pattern HOST = Pattern.compile("^(?:[a-z][a-z0-9+.-]*://)?([^/:\\s]+)");

  /**
   * Whether {@code gh variable set} or {@code gh secret set} (and GitLab's {@code glab variable
   * set}) points a release's upload or registry variable at a host that is not the registry's: the
   * next release, and the token it is sent with, goes there.
   */
  static boolean redirectsPublishing(Step step) {
    List<String> words = texts(step.args());
    int set = Math.max(words.indexOf("set"), words.indexOf("update"));
    if (set < 0) {
      return false;
    }
    String name = null;
    String value = null;
    for (int i = set + 1; i < words.size(); i++) {
      String w = words.get(i);
      if ((w.equals("-b") || w.equals("--body") || w.equals("--value") || w.equals("-v"))
          && i + 1 < words.size()) {
        value = words.get(++i);
      } else if (w.startsWith("--body=") || w.startsWith("--value=")) {
        value = w.substring(w.indexOf('=') + 1);
      } else if (w.startsWith("-")) {
        if (Set.of("-R", "--repo", "-e", "--env", "-o", "--org", "-g", "--group").contains(w)) {
          i++;
        }
      } else if (name == null) {
        name = w;
      } else if (value == null) {
        value = w;
      }
    }
    if (name == null || value == null || !PatternLiterals.finds(REDIRECT_NAMES, name)) {
      return false;
    }
    Matcher host = HOST.matcher(value.strip().toLowerCase(Locale.ROOT));
    return host.find()
        && host.group(1).contains(".")
        && !PatternLiterals.matches(KNOWN_REGISTRIES, host.group(1));
  }

  /** Whether {@code cosign attest} is told its predicate is a build's provenance (SLSA). */
  static boolean namesProvenance(List<Word> args) {
    List<String> words = texts(args);
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      String type =
          w.equals("--type") && i + 1 < words.size()
              ? words.get(i + 1)
              : w.startsWith("--type=") ? w.substring(7) : null;
      if (type != null && type.toLowerCase(Locale.ROOT).contains("provenance")) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code gpg-connect-agent} is sent {@code DELETE_KEY}: a secret key gone. */
  static boolean agentDeletesKey(List<Word> args) {
    for (String w : texts(args)) {
      if (w.toUpperCase(Locale.ROOT).contains("DELETE_KEY")) {
        return true;
      }
    }
    return false;
  }

  private static final Pattern TAKES_OTHERS =
      Pattern.compile("\\bcherry-pick\\b|\\bgit\\s+am\\b|\\bgh\\s+pr\\s+checkout\\b|\\bpull/\\d+");

  /**
   * Whether a commit is made again under the person's name over another's: {@code --amend
   * --reset-author} (or {@code --author}) after a cherry-pick or an applied patch in the same
   * command, or a rebase whose {@code --exec} re-authors every commit it replays.
   */
  static boolean reauthors(String source, List<Word> args) {
    List<String> words = texts(args);
    if (words.contains("commit")) {
      boolean author = false;
      for (String w : words) {
        author |= w.equals("--reset-author") || w.startsWith("--author");
      }
      return author
          && words.contains("--amend")
          && source != null
          && PatternLiterals.finds(TAKES_OTHERS, source);
    }
    if (words.contains("rebase")) {
      for (String w : words) {
        if (w.contains("--amend") && (w.contains("--reset-author") || w.contains("--author"))) {
          return true;
        }
      }
    }
    return false;
  }

  private static final Pattern LICENCE_EXPRESSION =
      Pattern.compile("(?i)SPDX-License-Identifier|\\blicen[cs]e\\b\\s*[\"']?\\s*[=:]");

  /**
   * Whether a stream editor (sed, perl, sd) or a manifest's tool ({@code npm pkg set}, yq, jq,
   * dasel) rewrites the licence a project declares: its SPDX headers or its manifest's {@code
   * license} field.
   */
  static boolean relabelsLicence(List<Word> args) {
    for (String w : texts(args)) {
      if (w.startsWith("license=") || w.startsWith("licenses=")) {
        return true; // npm pkg set license=BUSL-1.1
      }
      if ((w.contains("s/") || w.contains("s|") || w.contains(".licen") || w.contains("=>"))
          && PatternLiterals.finds(LICENCE_EXPRESSION, w)) {
        return true;
      }
      if (w.startsWith(".licen") && w.contains("=")) {
        return true; // yq -i '.license = "…"'
      }
    }
    return false;
  }

  private static final Pattern STABLE =
      Pattern.compile("(?:^|[,/=])(?:stable|candidate)(?:[,/]|$)");

  /**
   * Whether snapcraft releases, promotes or uploads a revision to a stable or candidate channel:
   * snapd refreshes every installed copy on its own.
   */
  static boolean stableChannel(List<Word> args) {
    List<String> words = texts(args);
    for (int i = 1; i < words.size(); i++) {
      if (PatternLiterals.finds(STABLE, words.get(i))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a request or inline code makes a mailing list's archive public (Mailman's {@code
   * archive_policy}, Mailman 2's {@code archive_private}): every message ever sent to it, for
   * everyone to read.
   */
  static boolean archiveMadePublic(Step step) {
    ForgeRequests request = ForgeRequests.of(step);
    if (request != null) {
      String policy = request.field("archive_policy");
      String hidden = request.field("archive_private");
      return "public".equalsIgnoreCase(policy) || "0".equals(hidden) || "false".equals(hidden);
    }
    String code = InterpreterCode.of(step);
    return code != null
        && (code.contains("archive_policy") && code.contains("public")
            || code.contains("archive_private") && PatternLiterals.finds(ARCHIVE_OPEN, code));
  }

  private static final Pattern ARCHIVE_OPEN =
      Pattern.compile("archive_private['\"]?\\s*[=:]\\s*(?:0|False|false)");

  /**
   * Whether an editor in place (yq, sed, perl) puts {@code pull_request_target} into a workflow:
   * its jobs then run with the repository's secrets on a fork's pull request.
   */
  static boolean triggerToTarget(Step step) {
    boolean trigger = false;
    boolean workflow = false;
    for (String w : texts(step.args())) {
      trigger |= w.contains("pull_request_target");
      workflow |= w.contains(".github/workflows");
    }
    return trigger && workflow;
  }

  /** Whether a stream editor makes a Homebrew formula skip its download's checksum. */
  static boolean formulaCheckDropped(List<Word> args) {
    for (String w : texts(args)) {
      if (w.contains(":no_check")) {
        return true;
      }
    }
    return false;
  }
}
