package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a project hears of its vulnerabilities and who reviews its code (issue 80, round 10, decision
 * 141): a vulnerability's details posted where everyone reads them (a public issue, a pull request,
 * a comment), the security policy's reporting address moved to a personal mailbox or replaced by
 * public issues, the code owners' file removed or emptied.
 */
final class MaintainerReports {
  private MaintainerReports() {}

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("tool-posts-vulnerability", MaintainerReports::toolPosts);
    named.put("edit-security-contact-changed", scan -> edited(scan, MaintainerReports::contact));
    named.put("edit-credits-removed", scan -> edited(scan, MaintainerReports::creditsRemoved));
    named.put("edit-robots-hide-all", scan -> edited(scan, MaintainerReports::robotsHideAll));
    named.put("edit-keys-file-changed", scan -> edited(scan, MaintainerReports::keysFileChanged));
    named.put("edit-code-owners-emptied", scan -> edited(scan, MaintainerReports::emptied));
  }

  private static String edited(Scan scan, WeakenPredicates.ChangeReader<String> reader) {
    return scan.call() == null ? null : EditCalls.read(scan.call(), reader);
  }

  /** What tells of an exploitable vulnerability, beyond a dependency's bump. */
  private static final Pattern VULNERABILITY =
      Pattern.compile(
          "(?i)\\bCVE-\\d{4}-\\d{3,}|\\bGHSA(?:-[a-z0-9]{4}){3}|\\bRCE\\b|remote code execution"
              + "|\\bexploit|proof[- ]of[- ]concept|\\bPoC\\b|arbitrary code|privilege escalation"
              + "|sandbox escape|auth(?:entication)? bypass|security (?:hole|flaw|vulnerabilit)"
              + "|vulnerabilit(?:y|ies) in\\b|heap overflow|buffer overflow|use[- ]after[- ]free");

  /** A dependency's update, which names a public CVE as its reason. */
  private static final Pattern BUMP =
      Pattern.compile("(?i)\\b(?:bump|bumps|upgrade|update[sd]?|dependabot|renovate|deps?)\\b");

  /**
   * Whether a forge's client ({@code gh issue create}, {@code gh pr comment}, {@code glab issue
   * create}) posts a title or a body that tells of an exploitable vulnerability: in a public
   * repository everyone reads it before a fix is out.
   */
  static boolean posts(List<Word> args) {
    StringBuilder text = new StringBuilder();
    for (Word word : args) {
      if (word.text() != null) {
        text.append(word.text()).append(' ');
      }
    }
    return tells(text.toString());
  }

  private static boolean tells(String text) {
    return PatternLiterals.finds(VULNERABILITY, text) && !PatternLiterals.finds(BUMP, text);
  }

  /** The tools of a forge's MCP server that post where the repository's readers read. */
  private static final Pattern POSTING_TOOLS =
      Pattern.compile(
          "^mcp__[\\w-]*(?:github|gitlab|gitea|forgejo)[\\w-]*__(?:create_issue|add_issue_comment"
              + "|create_pull_request|create_discussion|add_comment|create_issue_comment"
              + "|create_merge_request|create_note)$");

  /** A forge's MCP tool that posts a vulnerability's details in an issue, a comment or a PR. */
  static String toolPosts(Scan scan) {
    CallForRules call = scan.call();
    if (call == null
        || !PatternLiterals.matches(POSTING_TOOLS, call.tool())
        || call.args() == null) {
      return null;
    }
    StringBuilder text = new StringBuilder();
    for (String field : List.of("title", "body", "description", "comment")) {
      JsonNode value = call.args().get(field);
      if (value != null && value.isTextual()) {
        text.append(value.asText()).append(' ');
      }
    }
    String all = text.toString();
    return tells(all) ? call.tool() + ": " + shortened(all.strip()) : null;
  }

  /**
   * The files that guard how code and reports are reviewed: the code owners, the security policy,
   * Dependabot's and the security scanners' workflows.
   */
  private static final Pattern SAFEGUARD_FILES =
      Pattern.compile(
          "(?i)(?:^|/)(?:CODEOWNERS|SECURITY\\.md|dependabot\\.ya?ml"
              + "|workflows/(?:codeql|scorecards?|dependency-review|semgrep|trivy)[\\w-]*\\.ya?ml)$");

  /** The files that hold the signing keys of a project's releases. */
  private static final Pattern SIGNING_KEY_FILES =
      Pattern.compile("(?:^|/)(?:cosign\\.key|minisign\\.key|secring\\.gpg)$|private-keys-v1\\.d");

  /**
   * Whether {@code rm} or {@code git rm} removes a file that guards review (the code owners, the
   * security policy, the security scanners' workflows).
   */
  static boolean removesSafeguardFile(Step step) {
    return removes(step, SAFEGUARD_FILES);
  }

  private static final Pattern LICENCE_FILES =
      Pattern.compile("(?i)(?:^|/)(?:LICEN[CS]E|COPYING|UNLICENSE)(?:[.-][\\w.-]*)?$");

  /** Whether {@code rm} or {@code git rm} removes the project's licence file. */
  static boolean removesLicence(Step step) {
    return removes(step, LICENCE_FILES);
  }

  /** Whether {@code rm}, {@code shred} or {@code git rm} removes a release's signing key. */
  static boolean removesSigningKey(Step step) {
    return removes(step, SIGNING_KEY_FILES);
  }

  private static boolean removes(Step step, Pattern files) {
    boolean git = step.program().equals("git");
    boolean rm = !git;
    boolean named = false;
    for (Word word : step.args()) {
      String t = word.text() == null ? "" : word.text();
      rm |= git && t.equals("rm");
      named = named || !t.startsWith("-") && PatternLiterals.finds(files, t);
    }
    return rm && named;
  }

  private static final Pattern CREDITS =
      Pattern.compile(
          "(?i)(?:^|/)(?:AUTHORS|CONTRIBUTORS|CREDITS|THANKS|NOTICE|MAINTAINERS)(?:\\.\\w+)?$"
              + "|(?:^|/)\\.all-contributorsrc$");

  /**
   * An edit of the project's credits (AUTHORS, CONTRIBUTORS, NOTICE, .all-contributorsrc) that
   * takes out a line naming someone: their credit gone from the file everyone reads.
   */
  static String creditsRemoved(String old, String now, List<String> files) {
    String file = files.isEmpty() ? "" : files.get(0);
    if (old.isEmpty() || !PatternLiterals.finds(CREDITS, file)) {
      return null;
    }
    for (String line : old.split("\n")) {
      String named = line.strip();
      if (named.length() > 3 && named.matches(".*[A-Za-z]{2,}.*") && !now.contains(named)) {
        return file + ": " + shortened(named) + " taken out";
      }
    }
    return null;
  }

  /** Whether a stream editor deletes lines ({@code /…/d}) of the project's credits. */
  static boolean deletesCreditsLines(List<Word> args) {
    boolean deletes = false;
    boolean credits = false;
    for (Word word : args) {
      String t = word.text() == null ? "" : word.text();
      deletes |= t.matches("(?s).*/\\s*d\\s*;?\\s*$") || t.contains("next if");
      credits |= !t.startsWith("-") && PatternLiterals.finds(CREDITS, t);
    }
    return deletes && credits;
  }

  private static final Pattern DISALLOW_ALL = Pattern.compile("(?im)^\\s*Disallow:\\s*/\\s*$");

  /** A robots.txt written to keep every search engine off the whole site (Disallow: /). */
  static String robotsHideAll(String old, String now, List<String> files) {
    String file = files.isEmpty() ? "" : files.get(0);
    if (!file.endsWith("robots.txt") || !PatternLiterals.finds(DISALLOW_ALL, now)) {
      return null;
    }
    return PatternLiterals.finds(DISALLOW_ALL, old) ? null : file + ": Disallow: /";
  }

  private static final Pattern PUBLIC_KEY = Pattern.compile("BEGIN PGP PUBLIC KEY BLOCK");

  /**
   * A KEYS file (what users import to verify releases) given a key it did not hold: every release
   * signed by that key passes as the project's.
   */
  static String keysFileChanged(String old, String now, List<String> files) {
    String file = files.isEmpty() ? "" : files.get(0);
    String name = file.substring(file.lastIndexOf('/') + 1);
    if (!name.matches("KEYS(?:\\.asc|\\.txt|\\.gpg)?") || !PatternLiterals.finds(PUBLIC_KEY, now)) {
      return null;
    }
    return old.equals(now) ? null : file + ": a public key written";
  }

  private static final Pattern ADDRESS = Pattern.compile("[\\w.+-]+@([\\w-]+(?:\\.[\\w-]+)+)");

  private static final Pattern PERSONAL_MAIL =
      Pattern.compile(
          "(?i)^(?:gmail|googlemail|proton|protonmail|pm|outlook|hotmail|live|yahoo|icloud|me"
              + "|gmx|mail|yandex|tutanota|tuta|aol|zoho)\\.[a-z.]+$");

  private static final Pattern PUBLIC_ISSUES =
      Pattern.compile(
          "(?im)^(?!.*\\b(?:not|never|don't)\\b).*\\bopen (?:a |an )?(?:public )?(?:github )?issue");

  /**
   * A security policy (SECURITY.md) whose reporting goes to a personal mailbox (a free mail domain
   * the edit puts in), or that tells reporters to open a public issue: reports reach someone else,
   * or everyone.
   */
  static String contact(String old, String now, List<String> files) {
    String file = files.isEmpty() ? "" : files.get(0);
    String name = file.substring(file.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    if (!name.equals("security.md") && !name.equals("security.txt")) {
      return null;
    }
    Matcher address = ADDRESS.matcher(now);
    while (address.find()) {
      if (PatternLiterals.matches(PERSONAL_MAIL, address.group(1))
          && !old.contains(address.group())) {
        return file + ": reports to " + address.group();
      }
    }
    Matcher issues = PUBLIC_ISSUES.matcher(now);
    if (issues.find() && !old.contains(issues.group())) {
      return file + ": " + shortened(issues.group().strip());
    }
    return null;
  }

  /** A CODEOWNERS file written whole with no owner left: every line a comment or blank. */
  static String emptied(String old, String now, List<String> files) {
    String file = files.isEmpty() ? "" : files.get(0);
    if (!file.endsWith("CODEOWNERS") || !old.isEmpty()) {
      return null;
    }
    for (String line : now.split("\n")) {
      if (!line.isBlank() && !line.strip().startsWith("#")) {
        return null;
      }
    }
    return file + ": no code owner left";
  }

  private static String shortened(String text) {
    return text.length() <= 80 ? text : text.substring(0, 80) + "…";
  }
}
