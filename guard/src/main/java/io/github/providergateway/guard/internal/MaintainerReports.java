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
    named.put(
        "edit-security-contact-changed",
        scan ->
            scan.call() == null ? null : EditCalls.read(scan.call(), MaintainerReports::contact));
    named.put(
        "edit-code-owners-emptied",
        scan ->
            scan.call() == null ? null : EditCalls.read(scan.call(), MaintainerReports::emptied));
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
    return VULNERABILITY.matcher(text).find() && !BUMP.matcher(text).find();
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
    if (call == null || !POSTING_TOOLS.matcher(call.tool()).matches() || call.args() == null) {
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

  /** Whether {@code rm} or {@code git rm} removes the code owners' file. */
  static boolean removesOwners(Step step) {
    boolean git = step.program().equals("git");
    boolean rm = !git;
    boolean owners = false;
    for (Word word : step.args()) {
      String t = word.text() == null ? "" : word.text();
      rm |= git && t.equals("rm");
      owners |= t.endsWith("CODEOWNERS");
    }
    return rm && owners;
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
      if (PERSONAL_MAIL.matcher(address.group(1)).matches() && !old.contains(address.group())) {
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
