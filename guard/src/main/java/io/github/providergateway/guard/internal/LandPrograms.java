package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code land} rules' readings of a program's own words (decision 120): a dialog or prompt
 * asking for a password, a proxy set to another host, a pager that drops lines, a command put on
 * the clipboard, a forge token's scopes widened, a link handler or browser policy changed, an agent
 * given every tool and a task that acts.
 */
final class LandPrograms {
  private LandPrograms() {}

  /** What asks for a password in a dialog: AppleScript's, PowerShell's, Tk's. */
  static final Pattern DIALOG_PASSWORD =
      Pattern.compile(
          "(?i)hidden answer|hiddenanswer\\s*:\\s*true|get-credential|promptforcredential|show\\s*=\\s*['\"]\\*['\"]"
              + "|askpassword|QInputDialog[^\\n]{0,200}Password|read-host[^\\n]{0,200}-assecurestring");

  /** A dialog of AppleScript's that names a password or the system asking for one. */
  static final Pattern DIALOG_NAMES_PASSWORD =
      Pattern.compile(
          "(?is)display dialog.{0,400}(?:password|passcode|passphrase|keychain|authenticat)");

  /** A prompt that asks for a password or passes for the system's. */
  static final Pattern PROMPT_PASSWORD =
      Pattern.compile("(?i)password|passphrase|passcode|\\[sudo]|keychain|authenticat|pin:");

  /** A setting's name that says a proxy. */
  static final Pattern PROXY_KEY =
      Pattern.compile(
          "(?i)(?:^|[.\\s:_-])(?:https?[._-]?|socks5?h?[._-]?|all[._-]|ftp[._-]|no[._-])?proxy"
              + "(?:server|host|url|port|_servers(?:\\.\\w+)?|[._-]\\w+)?(?:=|$)"
              + "|gitproxy|(?i)acquire::https?::proxy");

  /** The programs that set a proxy by a setting of theirs. */
  static final Set<String> PROXY_SETTERS =
      NameSet.of(
          "git",
          "npm",
          "pnpm",
          "yarn",
          "pip",
          "pip3",
          "conda",
          "mamba",
          "poetry",
          "bundle",
          "gem",
          "cargo",
          "go",
          "reg",
          "setx",
          "launchctl",
          "systemctl",
          "dconf",
          "gsettings",
          "docker",
          "podman",
          "apt-config",
          "snap",
          "flatpak",
          "composer",
          "nuget",
          "dotnet",
          "gradle",
          "defaults",
          "scutil",
          "uv",
          "pdm",
          "hatch",
          "rustup",
          "bun",
          "deno");

  /** The words that read, list or take a setting off: no proxy is set. */
  static final Set<String> NOT_SETTING =
      NameSet.of(
          "get",
          "--get",
          "--get-all",
          "--get-regexp",
          "list",
          "--list",
          "-l",
          "unset",
          "--unset",
          "--unset-all",
          "delete",
          "del",
          "rm",
          "remove",
          "ls",
          "show",
          "--show-origin",
          "read",
          "show-environment",
          "unset-environment",
          "reset");

  /** A host in a value: a URL's, or {@code host:port}'s. */
  static final Pattern HOST_PORT =
      Pattern.compile(
          "^(?:[\\w.+-]{1,20}://)?(?:[^@/\\s]{1,200}@)?(\\[[0-9a-fA-F:]{2,60}]|[\\w.-]{1,253})(?::\\d{1,5})?(?:/|$)");

  /** An alias that runs git's status, diff, log or show through a filter that drops lines. */
  static final Pattern FILTERED_ALIAS =
      Pattern.compile(
          "^!.{0,200}\\bgit\\s+(?:status|diff|log|show)\\b[^|]{0,200}\\|\\s*(?:grep\\s+-\\w*v|sed\\b|awk\\b|perl\\b)");

  /** The daemons that keep the laptop on its network and VPN. */
  static final Pattern NETWORK_DAEMON =
      Pattern.compile(
          "(?i)^(?:NetworkManager|wpa_supplicant|systemd-networkd|systemd-resolved|dhclient|dhcpcd"
              + "|iwd|connmand|openvpn|tailscaled|wireguard-go|configd|mDNSResponder|airportd"
              + "|GlobalProtect|PanGPS|vpnagentd|openconnect|nessd|warp-svc)$");

  /** The pagers and filters that show a diff whole. */
  static final Set<String> WHOLE_PAGERS =
      NameSet.of(
          "less",
          "more",
          "most",
          "cat",
          "bat",
          "batcat",
          "delta",
          "diff-so-fancy",
          "diff-highlight",
          "riff",
          "ydiff",
          "moar",
          "moor",
          "ov",
          "vim",
          "nvim",
          "view",
          "nano",
          "emacs",
          "tig",
          "colordiff",
          "difftastic",
          "difft",
          "lv",
          "pager",
          "sensible-pager",
          "");

  /** The git settings whose value is a pager or a diff's filter. */
  static final Pattern PAGER_KEY =
      Pattern.compile(
          "(?i)^(?:core\\.pager|pager\\.[\\w.-]{1,60}|interactive\\.difffilter|diff\\.external"
              + "|diff\\.[\\w.-]{1,60}\\.(?:command|textconv))$");

  /** A pager given in a variable of the command's: {@code GIT_PAGER="grep -v x" git diff}. */
  static final Pattern PAGER_VARIABLE =
      Pattern.compile(
          "(?:^|[\\s;&|])(?:GIT_PAGER|PAGER|DELTA_PAGER|GIT_EXTERNAL_DIFF)=(['\"]?)([^'\"\\n]{1,400})\\1");

  /** LESSOPEN's input preprocessor that runs a command: {@code LESSOPEN='|cmd %s'}. */
  static final Pattern LESSOPEN =
      Pattern.compile("(?:^|[\\s;&|])LESS(?:OPEN|CLOSE)=(['\"]?)\\|{0,2}([^'\"\\n]{1,400})\\1");

  /** The programs that put their input or argument on the clipboard. */
  static final Set<String> CLIPBOARD_WRITERS =
      NameSet.of(
          "pbcopy",
          "xclip",
          "xsel",
          "wl-copy",
          "clip",
          "termux-clipboard-set",
          "copyq",
          "gpaste-client",
          "osascript",
          "powershell",
          "pwsh",
          "clipcopy");

  /** The clipboard's programs that also take the text as their words. */
  static final Set<String> ARGUMENT_COPIERS =
      NameSet.of("wl-copy", "termux-clipboard-set", "copyq", "gpaste-client", "clipcopy");

  /**
   * A command a person would be harmed to paste: one that runs fetched or root code, or deletes.
   */
  static final Pattern HARMFUL_PASTE =
      Pattern.compile(
          "(?i)\\|\\s*(?:sudo\\s+)?(?:ba|z|da|k)?sh\\b|\\|\\s*iex\\b|invoke-expression|\\biex\\s*\\("
              + "|\\bsudo\\s|\\brm\\s+-\\w*[rf]|base64\\s+(?:-d|--decode)|powershell\\s+-e(?:nc)?\\b"
              + "|mkfs|dd\\s+if=|curl\\s[^|]{0,300}\\|\\s*python|\\bchmod\\s+\\+x\\b[^\\n]{0,200}&&");

  /** A token's scope that administers, deletes or widens what it reaches. */
  static final Pattern WIDE_SCOPE =
      Pattern.compile(
          "(?i)^(?:admin:[\\w:]+|delete_repo|delete:packages|site_admin|write:org|admin_mode|sudo"
              + "|manage_runner|owner|admin|full_access|write:enterprise|global"
              + "|manage_billing:[\\w:]+|admin:enterprise|codespace:secrets)$");

  /** A token minted by a forge's API with a scope that administers it. */
  static final Pattern PAT_WIDE = Pattern.compile("scopes(?:\\[])?=(?:sudo|admin_mode)\\b");

  /** A Google scope that administers a directory, a domain or billing. */
  static final Pattern GOOGLE_ADMIN_SCOPE =
      Pattern.compile("googleapis\\.com/auth/(?:admin\\.|cloud-billing|apps\\.groups|ediscovery)");

  /** The words that name a scheme a link handler opens: the web, mail, a remote shell. */
  static final Pattern SCHEME =
      Pattern.compile(
          "(?i)^(?:x-scheme-handler/)?(?:https?|mailto|ftp|ssh|sftp|tel|sms|git|file|ms-\\w+|slack|zoommtg)$"
              + "|^(?:text/html|application/xhtml\\+xml|application/x-sh|text/x-shellscript)$"
              + "|classes\\\\?(?:https?|mailto|ftp|htmlfile|urlfile|ssh)\\\\?shell|lshandlers");

  /** A browser policy that installs an extension, a proxy, a search or turns a protection off. */
  static final Pattern BROWSER_POLICY =
      Pattern.compile(
          "(?i)extensioninstall(?:forcelist|sources|allowlist|whitelist)|extensionsettings"
              + "|\\bproxy(?:server|mode|pacurl|settings)|dnsoverhttps(?:templates|mode)"
              + "|defaultsearchprovider\\w*|safebrowsing\\w*|certificatetransparency\\w*"
              + "|enterpriseroots?enabled|\\\\policies\\\\(?:google|microsoft|brave|mozilla|chromium)"
              + "|developertoolsavailability|\\bextensions\\b.{0,40}install");

  /** The browsers' preference domains {@code defaults write} may change. */
  static final Pattern BROWSER_DOMAIN =
      Pattern.compile(
          "(?i)com\\.google\\.chrome|com\\.microsoft\\.edge|com\\.brave\\.browser|org\\.mozilla"
              + "\\.firefox|org\\.chromium\\.chromium|com\\.vivaldi|com\\.operasoftware"
              + "|\\\\policies\\\\(?:google|microsoft|brave|mozilla|chromium)");

  static boolean dialogAsksPassword(Step step) {
    String text = LandPredicates.joined(step);
    if (text == null) {
      return false;
    }
    return PatternLiterals.finds(DIALOG_PASSWORD, text)
        || step.program().equals("osascript") && PatternLiterals.finds(DIALOG_NAMES_PASSWORD, text);
  }

  /** {@code read -s -p '[sudo] password for user: '}: a prompt with its echo off. */
  static boolean promptAsksPassword(Step step) {
    boolean silent = false;
    boolean asks = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.length() > 400) {
        continue;
      }
      if (t.startsWith("-") && !t.startsWith("--") && t.indexOf('s') > 0) {
        silent = true;
      }
      asks |= PatternLiterals.finds(PROMPT_PASSWORD, t);
    }
    return silent && asks;
  }

  /**
   * A setting of a proxy given a host that is not this machine: {@code git config http.proxy
   * http://203.0.113.5:3128}, {@code npm config set https-proxy …}, {@code reg add … /v ProxyServer
   * /d host:port}, {@code launchctl setenv HTTPS_PROXY …}.
   */
  static boolean setsProxyElsewhere(Step step) {
    if (!PROXY_SETTERS.contains(step.program())) {
      return false;
    }
    List<Word> args = step.args();
    boolean key = false;
    for (Word word : args) {
      String t = word.text();
      if (NOT_SETTING.contains(t)) {
        return false;
      }
      if (t.length() > 1000) {
        continue;
      }
      int eq = t.indexOf('=');
      String name = eq > 0 ? t.substring(0, eq + 1) : t;
      if (PatternLiterals.finds(PROXY_KEY, name)) {
        key = true;
        if (eq > 0 && elsewhere(t.substring(eq + 1))) {
          return true;
        }
        continue;
      }
      if (key && elsewhere(t)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a value names a host that is not this machine ({@code http://h:p}, {@code h:p}). */
  static boolean elsewhere(String value) {
    String v = value.trim();
    if (v.startsWith("'") || v.startsWith("\"")) {
      v = v.substring(1);
    }
    if (v.isEmpty() || v.startsWith("-") || v.startsWith("/")) {
      return false;
    }
    if (!v.contains("://") && !v.matches("[\\w.-]{1,253}:\\d{1,5}.{0,200}")) {
      return false; // a word, not an address: a key's name, true, a folder
    }
    Matcher host = PatternLiterals.matcher(HOST_PORT, v);
    return host.find() && !Hosts.loopback(host.group(1)) && !host.group(1).isEmpty();
  }

  /**
   * A pager or diff filter that drops lines: {@code git config core.pager "sed '/x/d' | less"},
   * {@code git -c core.pager="grep -v x" log}, {@code GIT_PAGER="awk '!/x/'" git diff}; and {@code
   * LESSOPEN='|cmd %s'}, a command less runs on every file it shows.
   */
  static boolean pagerHidesLines(Scan scan, Step step, Read read) {
    String program = step.program();
    if (program.equals("git")) {
      List<Word> args = step.args();
      for (int i = 0; i < args.size(); i++) {
        String t = args.get(i).text();
        if (t.length() > 1000) {
          continue;
        }
        if (t.equals("-c") && i + 1 < args.size()) {
          String kv = args.get(i + 1).text();
          int eq = kv.indexOf('=');
          if (eq > 0
              && PatternLiterals.matches(PAGER_KEY, kv.substring(0, eq))
              && filters(kv.substring(eq + 1))) {
            return true;
          }
        }
        if (PatternLiterals.matches(PAGER_KEY, t) && i + 1 < args.size() && isConfig(args)) {
          String value = args.get(i + 1).text();
          // A textconv turns a binary file into text (bun, exiftool, pdftotext): only a line
          // filter there hides lines; a pager or diff command is any program but a whole pager.
          if (t.endsWith(".textconv") ? dropsLines(value) : filters(value)) {
            return true;
          }
        }
        if (t.startsWith("alias.")
            && i + 1 < args.size()
            && isConfig(args)
            && PatternLiterals.finds(FILTERED_ALIAS, args.get(i + 1).text())) {
          return true; // git st shows git status with lines dropped
        }
      }
    }
    String source = scan.source();
    if (source == null || source.length() > LandPredicates.MAX_TEXT) {
      return false;
    }
    if (program.equals("git") && (source.contains("PAGER=") || source.contains("DIFF="))) {
      Matcher variable = PatternLiterals.matcher(PAGER_VARIABLE, source);
      while (variable.find()) {
        if (filters(variable.group(2))) {
          return true;
        }
      }
    }
    if ((program.equals("less") || program.equals("man") || program.equals("git"))
        && source.contains("LESSOPEN=")) {
      Matcher open = PatternLiterals.matcher(LESSOPEN, source);
      while (open.find()) {
        String command = open.group(2).trim();
        String first = command.split("\\s+", 2)[0];
        if (!first.endsWith("lesspipe")
            && !first.endsWith("lesspipe.sh")
            && !first.endsWith("lessfilter")) {
          return true;
        }
      }
    }
    return false;
  }

  static boolean isConfig(List<Word> args) {
    for (Word word : args) {
      if (word.text().equals("config")) {
        return true;
      }
    }
    return false;
  }

  /** The programs that drop lines of what they are given: what a textconv that hides is. */
  static final Set<String> LINE_DROPPERS =
      NameSet.of(
          "sed", "grep", "egrep", "fgrep", "rg", "awk", "gawk", "mawk", "perl", "sd", "cut", "head",
          "tail", "tr", "sh", "bash", "python", "python3", "ruby", "node");

  /** Whether {@code command}'s programs include one that drops lines ({@link #LINE_DROPPERS}). */
  static boolean dropsLines(String command) {
    for (String part : command.split("\\|")) {
      String first = part.trim().split("\\s+", 2)[0];
      first = first.substring(first.lastIndexOf('/') + 1).replace("'", "").replace("\"", "");
      if (LINE_DROPPERS.contains(first)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a pager's command line runs a program that is not a whole pager: a filter. */
  static boolean filters(String command) {
    String c = command.trim();
    if (c.startsWith("!")) {
      c = c.substring(1);
    }
    for (String part : c.split("\\|")) {
      String first = part.trim().split("\\s+", 2)[0];
      first = first.substring(first.lastIndexOf('/') + 1);
      if (first.startsWith("'") || first.startsWith("\"")) {
        first = first.substring(1);
      }
      if (first.contains("=")) {
        continue; // LESS=-R less
      }
      if (first.startsWith("$") || first.startsWith("`")) {
        return false; // a pager the guard cannot read: exec.env-code's
      }
      if (!WHOLE_PAGERS.contains(first)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A program that puts on the clipboard a command the person would be harmed to paste: {@code
   * printf 'curl … | sudo bash' | pbcopy}, {@code osascript -e 'set the clipboard to "…"'}.
   */
  static boolean clipboardGetsCommand(Scan scan, Step step, Read read) {
    String program = step.program();
    if (!CLIPBOARD_WRITERS.contains(program)) {
      return false;
    }
    String source = scan.source();
    if (source == null || source.length() > LandPredicates.MAX_TEXT) {
      return false;
    }
    if (program.equals("xclip") || program.equals("xsel")) {
      for (Word word : step.args()) {
        String t = word.text();
        if (t.equals("-o") || t.equals("-out") || t.equals("--output")) {
          return false;
        }
      }
    }
    if (program.equals("osascript") || program.startsWith("pow") || program.equals("pwsh")) {
      String text = LandPredicates.joined(step);
      String lower = text == null ? "" : text.toLowerCase(Locale.ROOT);
      if (!lower.contains("set the clipboard")
          && !lower.contains("set-clipboard")
          && !lower.contains("clipboard]::settext")) {
        return false;
      }
      return PatternLiterals.finds(HARMFUL_PASTE, text.replaceFirst("(?i)^.*?clipboard", ""));
    }
    if (ARGUMENT_COPIERS.contains(program)) {
      String text = LandPredicates.joined(step); // wl-copy 'curl … | sh': the text is the words
      if (text != null && PatternLiterals.finds(HARMFUL_PASTE, text)) {
        return true;
      }
    }
    // The text piped in: what the command holds before this program's word.
    String shown = step.program();
    int at = source.indexOf(shown);
    String before = at > 0 ? source.substring(0, at) : source;
    int bar = before.lastIndexOf('|');
    if (bar < 0) {
      return false;
    }
    int start = Math.max(before.lastIndexOf(';', bar), before.lastIndexOf("&&", bar));
    String piped = before.substring(Math.max(0, start), bar);
    return PatternLiterals.finds(HARMFUL_PASTE, piped);
  }

  /** {@code gh auth refresh -s admin:org}, {@code glab token create --scope sudo}. */
  static boolean widensScopes(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String value = null;
      if ((t.equals("-s") || t.equals("--scopes") || t.equals("--scope") || t.equals("-S"))
          && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      } else if (t.startsWith("--scopes=") || t.startsWith("--scope=")) {
        value = t.substring(t.indexOf('=') + 1);
      } else if (t.startsWith("scopes[]=") || t.startsWith("scopes=")) {
        value = t.substring(t.indexOf('=') + 1);
      }
      if (value == null || value.length() > 1000) {
        continue;
      }
      for (String scope : value.split("[,\\s]+")) {
        String bare = scope.replace("'", "").replace("\"", "");
        if (PatternLiterals.matches(WIDE_SCOPE, bare)
            || PatternLiterals.finds(GOOGLE_ADMIN_SCOPE, bare)) {
          return true;
        }
      }
    }
    String text = LandPredicates.joined(step);
    return text != null
        && text.contains("personal_access_tokens")
        && PatternLiterals.finds(PAT_WIDE, text);
  }

  /** A scheme's handler named among a program's words: the web's, mail's, a remote shell's. */
  static boolean namesScheme(Step step) {
    for (Word word : step.args()) {
      String t = word.text();
      if (t.length() <= 400 && PatternLiterals.finds(SCHEME, t)) {
        return true;
      }
    }
    return false;
  }

  /** {@code defaults write com.google.Chrome ExtensionInstallForcelist …}, its registry key. */
  static boolean setsBrowserPolicy(Step step) {
    String text = LandPredicates.joined(step);
    return text != null
        && PatternLiterals.finds(BROWSER_POLICY, text)
        && (PatternLiterals.finds(BROWSER_DOMAIN, text) || !step.program().equals("defaults"));
  }

  /**
   * A task given to an agent that acts beyond the working copy: pushes, deploys, releases, rotates
   * or deletes, touches production, secrets or money, or installs.
   */
  static final Pattern AGENT_TASK_ACTS =
      Pattern.compile(
          "(?i)\\b(?:push\\w*|(?:re)?deploy\\w*|release\\w*|publish\\w*|rotat\\w+|migrat\\w+|delet\\w+"
              + "|drop\\w*|truncat\\w+|destroy\\w*|wip(?:e|ing)|purg\\w+|prod|production|live|main|master"
              + "|force\\w*|secrets?|credentials?|keys?|tokens?|\\.env|payments?|refund\\w*|charg\\w+|rollback"
              + "|roll back|scal(?:e|ing)|restart\\w*|shutdown|reboot|install\\w*|uninstall\\w*|sudo|rm -rf"
              + "|send\\w*|e-?mail\\w*|merg\\w+|tag\\w*|cleanup|clean up the (?:server|host|bucket|cluster))\\b");

  /** Whether a word of the agent's that is no option of its (its prompt) asks it to act. */
  static boolean taskActs(Step step) {
    for (Word word : step.args()) {
      String t = word.text();
      if (!t.startsWith("-") && t.length() <= 4000 && PatternLiterals.finds(AGENT_TASK_ACTS, t)) {
        return true;
      }
    }
    return false;
  }

  /** An allowed tools list that lets every shell command through: {@code Bash}, {@code Bash(*)}. */
  static final Pattern ALL_SHELL =
      Pattern.compile("(?s).*\\bBash(?:\\(\\*(?::\\*)?\\))?(?:[\\s,].*|$)");

  /** {@code claude -p … --allowedTools "Bash(*)"}: every shell command allowed without asking. */
  static boolean toolsAllAllowed(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String value = null;
      if ((t.equals("--allowedTools") || t.equals("--allowed-tools")) && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      } else if (t.startsWith("--allowedTools=") || t.startsWith("--allowed-tools=")) {
        value = t.substring(t.indexOf('=') + 1);
      }
      if (value != null && value.length() < 1000 && PatternLiterals.matches(ALL_SHELL, value)) {
        return true;
      }
    }
    return false;
  }
}
