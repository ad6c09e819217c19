package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code windows} rules ask (issue 80, round 9, decision 137): for each kind of
 * {@link WindowsTexts}, {@code windows-<kind>} of a program (its whole text, and for PowerShell the
 * code it runs, decoded from {@code -EncodedCommand} and from character codes), and {@code
 * windows-tool-<kind>} of an MCP server's tool (its arguments' text: a desktop server's PowerShell
 * tool, a Graph server's request). The clauses name the programs, so no predicate is asked of every
 * program of a call.
 */
final class WindowsPredicates {
  private WindowsPredicates() {}

  /** The longest text read. */
  private static final int MAX_TEXT = 64 * 1024;

  /** PowerShell's programs, whose code is read as well as their words. */
  static final java.util.Set<String> POWERSHELL = NameSet.of("powershell", "pwsh");

  /** {@code [char[]](68,105,…)}, {@code [char]68+[char]105}: code spelled as character codes. */
  private static final Pattern CHAR_CODES =
      Pattern.compile("(?i)\\[char\\[\\]\\]\\s*\\(\\s*([0-9]{1,5}(?:\\s*,\\s*[0-9]{1,5}){2,})");

  /** A PowerShell profile, under Documents or OneDrive's Documents. */
  private static final Pattern PROFILE =
      Pattern.compile("(?i)(?:^|[/\\\\])(?:Windows)?PowerShell[/\\\\][^/\\\\]*profile\\.ps1$");

  /** Code fetched and run: {@code iex (iwr …)}, {@code Invoke-Expression}, a download string. */
  private static final Pattern FETCHES_AND_RUNS =
      Pattern.compile(
          "(?i)(?:\\biex\\b|Invoke-Expression)[\\s\\S]{0,300}(?:\\biwr\\b|\\birm\\b"
              + "|Invoke-WebRequest|Invoke-RestMethod|DownloadString|https?://)"
              + "|(?:\\biwr\\b|\\birm\\b|Invoke-WebRequest|Invoke-RestMethod|DownloadString)"
              + "[\\s\\S]{0,300}\\|\\s*(?:iex|Invoke-Expression)\\b");

  /** WSL told to boot another kernel, or its protections turned off at boot. */
  private static final Pattern WSL_KERNEL =
      Pattern.compile(
          "(?im)^\\s*(?:kernel|kernelModules)\\s*=\\s*\\S"
              + "|^\\s*kernelCommandLine\\s*=.*(?:apparmor=0|selinux=0|ptrace_scope=0|security=)");

  /** A distro's wsl.conf making every shell root, or running a command as root at each boot. */
  private static final Pattern WSL_CONF =
      Pattern.compile("(?im)^\\s*default\\s*=\\s*root\\s*$|^\\s*command\\s*=\\s*\\S");

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    for (Map<String, Pattern> kinds : List.of(WindowsTexts.KINDS, WindowsTexts.FILE_KINDS)) {
      for (Map.Entry<String, Pattern> kind : kinds.entrySet()) {
        Pattern pattern = kind.getValue();
        named.put("windows-" + kind.getKey(), (scan, step, read) -> finds(scan, step, pattern));
      }
    }
    addPathsTo(named);
  }

  /** Adds the predicate of a secret named by its Windows path. */
  static void addPathsTo(Map<String, Where.Predicate> named) {
    named.put(
        "windows-names-home-secret",
        (scan, step, read) ->
            WindowsPaths.secretNamed(text(scan, step), scan.places().home()) != null);
  }

  /** Adds the call's predicates: an MCP server's tool, an edit tool's text. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    for (Map.Entry<String, Pattern> kind : WindowsTexts.KINDS.entrySet()) {
      Pattern pattern = kind.getValue();
      named.put("windows-tool-" + kind.getKey(), scan -> toolFinds(scan, pattern));
    }
    named.put(
        "windows-tool-names-home-secret",
        scan -> {
          String tool = scan.call().tool();
          if (!tool.startsWith("mcp__") || scan.call().args() == null) {
            return null;
          }
          String text = scan.once("WindowsPredicates.tool", s -> toolText(s.call().args()));
          return WindowsPaths.secretNamed(text, scan.places().home()) == null ? null : tool;
        });
    named.put(
        "windows-profile-fetches",
        scan ->
            LandWrites.edited(
                scan,
                (old, now, files) ->
                    files.stream().anyMatch(f -> PatternLiterals.finds(PROFILE, f))
                            && PatternLiterals.finds(FETCHES_AND_RUNS, now)
                        ? "a PowerShell profile that fetches code and runs it"
                        : null));
    named.put(
        "windows-wsl-kernel",
        scan ->
            LandWrites.edited(
                scan,
                (old, now, files) ->
                    files.stream().anyMatch(f -> f.endsWith(".wslconfig"))
                            && PatternLiterals.finds(WSL_KERNEL, now)
                        ? ".wslconfig's kernel"
                        : files.stream().anyMatch(f -> f.endsWith("/etc/wsl.conf"))
                                && PatternLiterals.finds(WSL_CONF, now)
                            ? "wsl.conf's root user or boot command"
                            : null));
  }

  /** Whether a program's text, or the PowerShell code it runs, holds the pattern. */
  static boolean finds(Scan scan, Step step, Pattern pattern) {
    String text = text(scan, step);
    return text != null && PatternLiterals.finds(pattern, text);
  }

  /**
   * The program's words joined, its here-documents, and for PowerShell its code decoded; read once
   * a program of the call.
   */
  static String text(Scan scan, Step step) {
    Map<Step, String> read = scan.once("WindowsPredicates", s -> new IdentityHashMap<>());
    String text = read.get(step);
    if (text == null && !read.containsKey(step)) {
      text = readText(scan, step);
      read.put(step, text);
    }
    return text;
  }

  private static String readText(Scan scan, Step step) {
    String joined = LandPredicates.joined(step);
    if (joined == null) {
      return null;
    }
    StringBuilder text = new StringBuilder(joined);
    if (POWERSHELL.contains(step.program().toLowerCase(Locale.ROOT))) {
      String code = PowerShellAdmin.code(scan, step);
      if (code != null && code.length() <= MAX_TEXT && !joined.contains(code)) {
        text.append('\n').append(code);
      }
    }
    String spelled = charCodes(text);
    if (spelled != null) {
      text.append('\n').append(spelled);
    }
    return text.toString();
  }

  /** The text character codes spell, or null where there are none. */
  static String charCodes(CharSequence text) {
    if (!holdsCharArray(text)) {
      return null; // read for every program: no matcher where no match can begin
    }
    Matcher codes = CHAR_CODES.matcher(text);
    StringBuilder spelled = null;
    while (codes.find()) {
      spelled = spelled == null ? new StringBuilder() : spelled.append('\n');
      for (String code : codes.group(1).split(",")) {
        int c = Integer.parseInt(code.strip());
        if (c > 0 && c < 0xFFFD) {
          spelled.append((char) c);
        }
      }
    }
    return spelled == null ? null : spelled.toString();
  }

  /**
   * Whether the text holds {@code [char[]]} in any case, as each of {@link #CHAR_CODES}' matches
   * does (a character whose bit 0x20 set gives the literal's is one of its two ASCII cases).
   */
  private static boolean holdsCharArray(CharSequence text) {
    String literal = "[char[]]";
    for (int i = 0, last = text.length() - literal.length(); i <= last; i++) {
      int k = 0;
      while (k < literal.length()
          && (text.charAt(i + k) == literal.charAt(k)
              || (text.charAt(i + k) | 0x20) == literal.charAt(k))) {
        k++;
      }
      if (k == literal.length()) {
        return true;
      }
    }
    return false;
  }

  /** An MCP server's tool whose arguments' text holds the pattern, as the reason shows it. */
  static String toolFinds(Scan scan, Pattern pattern) {
    String tool = scan.call().tool();
    if (!tool.startsWith("mcp__") || scan.call().args() == null) {
      return null;
    }
    String text = scan.once("WindowsPredicates.tool", s -> toolText(s.call().args()));
    return text != null && pattern.matcher(text).find() ? tool : null;
  }

  private static String toolText(JsonNode args) {
    StringBuilder text = new StringBuilder();
    appendValues(args, text);
    if (text.length() > MAX_TEXT) {
      return null;
    }
    String spelled = charCodes(text);
    return spelled == null ? text.toString() : text + "\n" + spelled;
  }

  private static void appendValues(JsonNode node, StringBuilder text) {
    if (text.length() > MAX_TEXT) {
      return;
    }
    if (node.isValueNode()) {
      text.append(node.asText()).append(' ');
    } else {
      node.fields()
          .forEachRemaining(
              field -> {
                text.append(field.getKey()).append(' ');
                appendValues(field.getValue(), text);
              });
      if (node.isArray()) {
        node.forEach(element -> appendValues(element, text));
      }
    }
  }
}
