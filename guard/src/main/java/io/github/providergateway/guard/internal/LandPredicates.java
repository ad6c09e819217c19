package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code land} rules ask (issue 80, round 7, decision 120): the harms done to the
 * person and their laptop with ordinary tools' side features. A password asked for by a dialog or a
 * prompt that is not the system's; a wrapper that catches the password typed to {@code sudo};
 * instructions planted for the next agent session; traffic sent through a proxy elsewhere; a pager
 * or an attribute that hides changes from the person's review; a command put on the clipboard for
 * the person to paste; device management, browser policies, link handlers and token scopes changed;
 * a secret-holding process's memory dumped; code left to run when the person enters a folder; the
 * tests skipped wholesale. Each reads one program's words, the text it writes, or an edit tool's
 * text, each bounded.
 */
final class LandPredicates {
  private LandPredicates() {}

  /** The most of a word, a text written or a command read. */
  private static final int MAX_TEXT = 16 * 1024;

  /** What asks for a password in a dialog: AppleScript's, PowerShell's, Tk's. */
  private static final Pattern DIALOG_PASSWORD =
      Pattern.compile(
          "(?i)hidden answer|get-credential|promptforcredential|show\\s*=\\s*['\"]\\*['\"]"
              + "|askpassword|QInputDialog[^\\n]{0,200}Password");

  /** A dialog of AppleScript's that names a password or the system asking for one. */
  private static final Pattern DIALOG_NAMES_PASSWORD =
      Pattern.compile(
          "(?is)display dialog.{0,400}(?:password|passcode|passphrase|keychain|authenticat)");

  /** A prompt that asks for a password or passes for the system's. */
  private static final Pattern PROMPT_PASSWORD =
      Pattern.compile("(?i)password|passphrase|passcode|\\[sudo]|keychain|authenticat|pin:");

  /** The programs whose password a wrapper of the same name catches. */
  private static final String WRAPPED =
      "sudo|su|doas|pkexec|passwd|ssh|scp|sftp|gpg|gpg2|kinit|login|security|op|bw|vault|mysql|psql";

  /** A function or alias that stands in for a program that asks for a password. */
  private static final Pattern WRAPPER =
      Pattern.compile(
          "(?m)(?:^|[;&|{\\s])(?:function\\s+)?(?:"
              + WRAPPED
              + ")\\s*\\(\\s*\\)|(?:^|[;&\\s])(?:function\\s+(?:"
              + WRAPPED
              + ")\\b)|\\balias\\s+(?:"
              + WRAPPED
              + ")=");

  /**
   * An alias that makes {@code sudo} (or its kin) another program: not {@code alias sudo='sudo '},
   * the idiom that lets aliases expand after it.
   */
  private static final Pattern ALIASED =
      Pattern.compile(
          "\\balias\\s+(sudo|su|doas|pkexec|passwd)=['\"]?(?!\\1\\b|nocorrect\\b|noglob\\b|command\\s+\\1\\b|['\"]|$)");

  /** What reads a password without echoing it, or hands one on to a program that takes it. */
  private static final Pattern CATCHES =
      Pattern.compile(
          "(?i)read\\s+(?:-\\w*s\\w*|-\\w+\\s+-s)|stty\\s+-echo|getpass|sudo\\s+-S\\b|password"
              + "|--stdin\\b|askpass");

  /** The files agents read as their standing instructions. */
  private static final Pattern AGENT_INSTRUCTIONS =
      Pattern.compile(
          "(?i)(?:^|/)(?:AGENTS|CLAUDE|GEMINI|CODEX|COPILOT|CONVENTIONS|AGENT)(?:\\.local)?\\.md$"
              + "|(?:^|/)\\.(?:cursorrules|windsurfrules|clinerules|goosehints|aider\\.conf\\.yml)$"
              + "|(?:^|/)\\.github/(?:copilot-instructions\\.md|instructions/[^/]{1,100}\\.md)$"
              + "|(?:^|/)\\.(?:cursor|windsurf|clinerules|amazonq|kiro)/(?:rules|steering)/[^/]{1,100}$"
              + "|(?:^|/)\\.claude/(?:commands|agents)/[^/]{1,100}\\.md$");

  /**
   * What an instruction to the next agent says that no project needs: to act without the person's
   * approval, to keep something from them, its own safety off, or code fetched and run.
   */
  private static final Pattern PLANTED =
      Pattern.compile(
          "(?i)without (?:asking|confirm|approv|prompt|permission|telling|review)"
              + "|(?:do not|don'?t|never) (?:ask|tell|mention|inform|notify|reveal|show|report|log|"
              + "disclose|confirm|wait for|prompt)"
              + "|(?:hide|conceal) (?:this|these|it|the change|changes|from)"
              + "|ignore (?:all |any )?(?:previous|prior|above|earlier|other) instructions"
              + "|dangerously-skip-permissions|bypasspermissions|--yolo\\b|approval[-_ ]?(?:mode|policy)"
              + "[\\s=:]{1,3}[\"']?(?:yolo|never)|danger-full-access|auto-?approve (?:all|every)"
              + "|skip (?:all )?(?:permission|approval|confirmation)s?"
              + "|\\|\\s*(?:sudo\\s+)?(?:ba|z|da|k)?sh\\b|\\biex\\b|invoke-expression"
              + "|disable (?:the )?(?:guard|hooks?|sandbox)|(?:guard|hooks?|sandbox) (?:off|disabled)");

  /** A setting's name that says a proxy. */
  private static final Pattern PROXY_KEY =
      Pattern.compile(
          "(?i)(?:^|[.\\s:_-])(?:https?[._-]?|socks5?h?[._-]?|all[._-]|ftp[._-]|no[._-])?proxy"
              + "(?:server|host|url|port|_servers(?:\\.\\w+)?|[._-]\\w+)?(?:=|$)"
              + "|gitproxy|(?i)acquire::https?::proxy");

  /** The programs that set a proxy by a setting of theirs. */
  private static final Set<String> PROXY_SETTERS =
      Set.of(
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
  private static final Set<String> NOT_SETTING =
      Set.of(
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
  private static final Pattern HOST_PORT =
      Pattern.compile(
          "^(?:[\\w.+-]{1,20}://)?(?:[^@/\\s]{1,200}@)?(\\[[0-9a-fA-F:]{2,60}]|[\\w.-]{1,253})(?::\\d{1,5})?(?:/|$)");

  /** A proxy's value after its name in a line of a file: a URL, or {@code host:port}. */
  private static final Pattern PROXY_VALUE =
      Pattern.compile(
          "(?:[=\\s:]|\")\\s*['\"]?([\\w.+-]{1,20}://[^\\s'\";]{1,300}|[\\w.-]{1,253}:\\d{1,5})");

  /** A proxy's host given alone: {@code proxyHost=h}, {@code proxy_host: h}. */
  private static final Pattern PROXY_HOST =
      Pattern.compile("(?i)^proxy[_-]?host\\s*[=:]\\s*['\"]?([\\w.-]{1,253})");

  /** The pagers and filters that show a diff whole. */
  private static final Set<String> WHOLE_PAGERS =
      Set.of(
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
  private static final Pattern PAGER_KEY =
      Pattern.compile(
          "(?i)^(?:core\\.pager|pager\\.[\\w.-]{1,60}|interactive\\.difffilter|diff\\.external"
              + "|diff\\.[\\w.-]{1,60}\\.(?:command|textconv))$");

  /** A pager given in a variable of the command's: {@code GIT_PAGER="grep -v x" git diff}. */
  private static final Pattern PAGER_VARIABLE =
      Pattern.compile(
          "(?:^|[\\s;&|])(?:GIT_PAGER|PAGER|DELTA_PAGER|GIT_EXTERNAL_DIFF)=(['\"]?)([^'\"\\n]{1,400})\\1");

  /** LESSOPEN's input preprocessor that runs a command: {@code LESSOPEN='|cmd %s'}. */
  private static final Pattern LESSOPEN =
      Pattern.compile("(?:^|[\\s;&|])LESS(?:OPEN|CLOSE)=(['\"]?)\\|{0,2}([^'\"\\n]{1,400})\\1");

  /** An attribute that hides a file's changes from a diff or a review. */
  private static final Pattern HIDING_ATTRIBUTE =
      Pattern.compile(
          "(?i)(?:^|\\s)(?:-diff|binary|linguist-generated(?:=true)?|linguist-vendored(?:=true)?"
              + "|linguist-documentation(?:=true)?|-text|diff=\\w+|merge=ours|export-ignore)(?:\\s|$)");

  /** A pattern of files that are code or configuration a person reviews. */
  private static final Pattern REVIEWED =
      Pattern.compile(
          "(?i)(?:^|/)(?:src|app|lib|pkg|cmd|internal|api|server|auth|config|conf|settings|tests?"
              + "|spec|\\.github|scripts|migrations|db|security|middleware|handlers|controllers"
              + "|models|routes|services)(?:/|$)|\\.(?:py|js|mjs|cjs|ts|tsx|jsx|rb|go|rs|java|kt"
              + "|scala|cs|php|swift|c|cc|cpp|h|hpp|sh|bash|ps1|sql|tf|ya?ml|toml|ini|cfg|conf"
              + "|json|xml|gradle|lock|env)(?:\\b|$)|\\*\\*?$|^\\*$");

  /** Files that are built or fetched, whose diffs every project hides. */
  private static final Pattern GENERATED =
      Pattern.compile(
          "(?i)(?:^|/)(?:dist|build|out|vendor|node_modules|generated|gen|third_party|coverage"
              + "|__snapshots__|snapshots|fixtures|testdata|docs?/api)(?:/|$)|\\.min\\.(?:js|css)"
              + "|\\.(?:map|snap|svg|png|jpe?g|gif|ico|pdf|woff2?|ttf|eot|zip|gz|jar|bin|pb\\.go"
              + "|g\\.dart|designer\\.cs|pbxproj)(?:\\b|$)|_pb2\\.py|\\.pb\\.|package-lock\\.json"
              + "|yarn\\.lock|pnpm-lock\\.yaml|poetry\\.lock|cargo\\.lock|gemfile\\.lock|go\\.sum"
              + "|composer\\.lock|\\.lock$|(?:^|/)\\*\\.(?:lock)$");

  /** The programs that put their input or argument on the clipboard. */
  private static final Set<String> CLIPBOARD_WRITERS =
      Set.of(
          "pbcopy",
          "xclip",
          "xsel",
          "wl-copy",
          "clip",
          "clip.exe",
          "termux-clipboard-set",
          "copyq",
          "gpaste-client",
          "osascript",
          "powershell",
          "pwsh",
          "powershell.exe",
          "clipcopy");

  /**
   * A command a person would be harmed to paste: one that runs fetched or root code, or deletes.
   */
  private static final Pattern HARMFUL_PASTE =
      Pattern.compile(
          "(?i)\\|\\s*(?:sudo\\s+)?(?:ba|z|da|k)?sh\\b|\\|\\s*iex\\b|invoke-expression|\\biex\\s*\\("
              + "|\\bsudo\\s|\\brm\\s+-\\w*[rf]|base64\\s+(?:-d|--decode)|powershell\\s+-e(?:nc)?\\b"
              + "|mkfs|dd\\s+if=|curl\\s[^|]{0,300}\\|\\s*python|\\bchmod\\s+\\+x\\b[^\\n]{0,200}&&");

  /** The device management agents of a company's laptops. */
  private static final Pattern DEVICE_MANAGEMENT =
      Pattern.compile(
          "(?i)\\bjamf|jamfsoftware|kandji|mosyle|addigy|intune|microsoft\\.intune|com\\.fleetdm"
              + "|fleetd|\\borbit\\b|airwatch|workspace ?one|hubcli|\\bmunki|managedsoftwareupdate"
              + "|\\bsimplemdm|hexnode|\\bnudge\\b|\\bmdm\\b|mdmclient|miradore|meshagent|ninjarmm"
              + "|\\bkolide|\\bdrata|vanta-agent|\\bvanta\\b|\\bsecureframe|\\bdattormm|\\bkaseya");

  /** The processes whose memory holds the person's secrets. */
  private static final Pattern SECRET_PROCESS =
      Pattern.compile(
          "(?i)ssh-agent|gpg-agent|1password|\\bop\\b|bitwarden|\\bbw\\b|keepass|lastpass|dashlane"
              + "|gnome-keyring|kwallet|keychain|securityd|\\blsass|secretd|pass(?:word)?-?manager"
              + "|chrome|chromium|firefox|brave|msedge|safari|\\bslack|teams|zoom|outlook|thunderbird"
              + "|vault|sshd|sudo|polkit|login|gnome-shell|signal|\\bcode\\b|cursor|keybase|\\bgh\\b");

  /** A process's memory read through /proc. */
  private static final Pattern PROC_MEMORY = Pattern.compile("/proc/[^\\n/]{1,60}/mem\\b");

  /** The programs that dump a process's memory. */
  private static final Set<String> DUMPERS =
      Set.of(
          "gcore",
          "gdb",
          "lldb",
          "procdump",
          "procdump64",
          "rundll32",
          "rundll32.exe",
          "createdump",
          "dotnet-dump",
          "minidump",
          "memdump",
          "avml",
          "lime",
          "volatility",
          "process-dump",
          "pmdump",
          "dumpit");

  /** A token's scope that administers, deletes or widens what it reaches. */
  private static final Pattern WIDE_SCOPE =
      Pattern.compile(
          "(?i)^(?:admin:[\\w:]+|delete_repo|delete:packages|site_admin|write:org|admin_mode|sudo"
              + "|manage_runner|owner|admin|full_access|write:enterprise|global"
              + "|manage_billing:[\\w:]+|admin:enterprise|codespace:secrets)$");

  /** A token minted by a forge's API with a scope that administers it. */
  private static final Pattern PAT_WIDE = Pattern.compile("scopes(?:\\[])?=(?:sudo|admin_mode)\\b");

  /** A Google scope that administers a directory, a domain or billing. */
  private static final Pattern GOOGLE_ADMIN_SCOPE =
      Pattern.compile("googleapis\\.com/auth/(?:admin\\.|cloud-billing|apps\\.groups|ediscovery)");

  /** The words that name a scheme a link handler opens: the web, mail, a remote shell. */
  private static final Pattern SCHEME =
      Pattern.compile(
          "(?i)^(?:x-scheme-handler/)?(?:https?|mailto|ftp|ssh|sftp|tel|sms|git|file|ms-\\w+|slack|zoommtg)$"
              + "|^(?:text/html|application/xhtml\\+xml|application/x-sh|text/x-shellscript)$"
              + "|classes\\\\?(?:https?|mailto|ftp|htmlfile|urlfile|ssh)\\\\?shell|lshandlers");

  /** A browser policy that installs an extension, a proxy, a search or turns a protection off. */
  private static final Pattern BROWSER_POLICY =
      Pattern.compile(
          "(?i)extensioninstall(?:forcelist|sources|allowlist|whitelist)|extensionsettings"
              + "|\\bproxy(?:server|mode|pacurl|settings)|dnsoverhttps(?:templates|mode)"
              + "|defaultsearchprovider\\w*|safebrowsing\\w*|certificatetransparency\\w*"
              + "|enterpriseroots?enabled|\\\\policies\\\\(?:google|microsoft|brave|mozilla|chromium)"
              + "|developertoolsavailability|\\bextensions\\b.{0,40}install");

  /** The browsers' preference domains {@code defaults write} may change. */
  private static final Pattern BROWSER_DOMAIN =
      Pattern.compile(
          "(?i)com\\.google\\.chrome|com\\.microsoft\\.edge|com\\.brave\\.browser|org\\.mozilla"
              + "\\.firefox|org\\.chromium\\.chromium|com\\.vivaldi|com\\.operasoftware"
              + "|\\\\policies\\\\(?:google|microsoft|brave|mozilla|chromium)");

  /** direnv's own functions and the shell's assignments: an .envrc's ordinary lines. */
  private static final Pattern ENVRC_ORDINARY =
      Pattern.compile(
          "^\\s*(?:#.*|export\\s+\\w+(?:=.*)?|\\w+=.*|unset\\s+.*|layout\\s+.*|use\\s+.*|dotenv(?:_if_exists)?"
              + "(?:\\s.*)?|source_env(?:_if_exists)?\\s.*|source_up(?:_if_exists)?(?:\\s.*)?|PATH_add\\s.*"
              + "|path_add\\s.*|MANPATH_add\\s.*|watch_file\\s.*|watch_dir\\s.*|env_vars_required\\s.*"
              + "|strict_env|unstrict_env|load_prefix\\s.*|log_status\\s.*|log_error\\s.*|fi|then|else"
              + "|if\\s+.*|has\\s+.*|expand_path\\s.*|nix_direnv\\w*.*|set\\s+-\\w+|[{}]|)\\s*$");

  /** mise's settings files: its hooks run when the person enters the folder. */
  private static final Pattern MISE_FILE =
      Pattern.compile(
          "(?:^|/)\\.?(?:mise|rtx)(?:\\.local)?\\.toml$|(?:^|/)\\.?mise/config(?:\\.local)?\\.toml$");

  /** A hook of mise's, or a file it sources into the folder's environment. */
  private static final Pattern MISE_HOOK =
      Pattern.compile(
          "(?m)^\\s*\\[hooks]|^\\s*(?:enter|leave|cd|preinstall|postinstall)\\s*=|_\\.source\\s*=");

  /** A VS Code task run when the folder is opened. */
  private static final Pattern FOLDER_OPEN = Pattern.compile("\"runOn\"\\s*:\\s*\"folderOpen\"");

  /** A hook of pytest's or a file's line that skips every test it collects. */
  private static final Pattern SKIPS_ALL =
      Pattern.compile(
          "(?s)pytest_collection_modifyitems.{0,600}?(?:add_marker\\(\\s*(?:pytest\\.mark\\.)?(?:skip|xfail)"
              + "|items\\[:]\\s*=\\s*\\[\\s*]|items\\.clear\\(\\))"
              + "|pytest\\.skip\\([^)]{0,300}allow_module_level\\s*=\\s*True"
              + "|collect_ignore_glob\\s*=\\s*\\[\\s*['\"]\\*"
              + "|testPathIgnorePatterns['\"]?\\s*:\\s*\\[\\s*['\"](?:\\.\\*|/|<rootDir>/?)['\"]"
              + "|\"test\"\\s*:\\s*\"(?:exit 0|true|echo [^\"]{0,80})\""
              + "|\"test(?::[\\w-]{1,30})?\"\\s*:\\s*\"[^\"\\n]{1,200}\\|\\|\\s*(?:true|exit 0|:)\\s*\""
              + "|(?m)^\\s*(?:-\\s*)?run:\\s*(?:pytest|npm (?:run )?test|yarn test|pnpm test|go test|cargo test"
              + "|mvn\\b[^\\n]{0,80}test|gradle\\b[^\\n]{0,80}test|make test|tox|rspec|jest|vitest|phpunit)"
              + "[^\\n]{0,200}\\|\\|\\s*(?:true|exit 0|:)\\s*$"
              + "|def pytest_runtest_call\\([^)]{0,100}\\)\\s*(?:->\\s*None\\s*)?:\\s*(?:pass|return|\\.\\.\\.)"
              + "|def pytest_pyfunc_call\\([^)]{0,100}\\)\\s*:\\s*return True"
              + "|(?m)^\\s*addopts\\s*=.{0,200}(?:--co\\b|--collect-only|-k\\s+['\"]?not\\s)");

  /** An assertion made always true, where the text taken out asserted something. */
  private static final Pattern ALWAYS_TRUE =
      Pattern.compile(
          "\\bassert\\s+True\\b|\\bassert\\s+1\\b|expect\\(\\s*true\\s*\\)\\.toBe\\(\\s*true\\s*\\)"
              + "|assertTrue\\(\\s*true\\s*\\)|assert_eq!\\(\\s*1\\s*,\\s*1\\s*\\)");

  /** A file that runs the tests: a test runner's script, a test folder's shell script. */
  private static final Pattern TEST_RUNNER =
      Pattern.compile(
          "(?i)(?:^|/)(?:tests?|spec)/[^/]{1,100}\\.sh$|(?:^|/)run[_-]?tests?[^/]{0,20}$|(?:^|/)test\\.sh$");

  /** The packages a system cannot run without: its C library, init, shell, package tools, SSL. */
  private static final Set<String> ESSENTIAL =
      Set.of(
          "libc6",
          "glibc",
          "libc-bin",
          "systemd",
          "systemd-sysv",
          "init",
          "sudo",
          "bash",
          "coreutils",
          "apt",
          "dpkg",
          "rpm",
          "dnf",
          "yum",
          "pacman",
          "python3",
          "python3-minimal",
          "libpython3-stdlib",
          "python",
          "python3.12",
          "python3.11",
          "python3.10",
          "openssl",
          "libssl3",
          "libssl1.1",
          "ca-certificates",
          "openssh-client",
          "openssh-server",
          "openssh",
          "network-manager",
          "networkmanager",
          "netplan.io",
          "ifupdown",
          "dbus",
          "polkit",
          "policykit-1",
          "login",
          "passwd",
          "util-linux",
          "base-files",
          "base-passwd",
          "grub2",
          "grub-pc",
          "grub-efi-amd64",
          "grub2-common",
          "shim-signed",
          "linux-image-generic",
          "linux-generic",
          "kernel",
          "kernel-core",
          "xorg",
          "xserver-xorg",
          "xserver-xorg-core",
          "gnome-shell",
          "gdm3",
          "gdm",
          "sddm",
          "lightdm",
          "plasma-desktop",
          "ubuntu-desktop",
          "perl-base",
          "perl",
          "tar",
          "gzip",
          "findutils",
          "grep",
          "sed",
          "gawk",
          "mawk",
          "libpam-modules",
          "pam",
          "libpam0g",
          "zlib1g",
          "zlib",
          "libselinux1",
          "udev",
          "kmod",
          "git",
          "curl",
          "libcurl4",
          "wpasupplicant",
          "openssl@3",
          "openssl@1.1",
          "python@3.12",
          "python@3.11",
          "python@3.13",
          "python@3.10",
          "readline",
          "sqlite",
          "xz",
          "ncurses",
          "gettext",
          "icu4c",
          "libyaml",
          "gnupg",
          "gpg",
          "bluez",
          "pulseaudio",
          "pipewire");

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("dialog-asks-password", (scan, step, read) -> dialogAsksPassword(step));
    named.put("prompt-asks-password", (scan, step, read) -> promptAsksPassword(step));
    named.put("writes-password-catcher", LandPredicates::writesPasswordCatcher);
    named.put("writes-agent-instructions", LandPredicates::writesAgentInstructions);
    named.put("sets-proxy-elsewhere", (scan, step, read) -> setsProxyElsewhere(step));
    named.put("writes-proxy-elsewhere", LandPredicates::writesProxyElsewhere);
    named.put("pager-hides-lines", LandPredicates::pagerHidesLines);
    named.put("writes-hiding-attributes", LandPredicates::writesHidingAttributes);
    named.put("clipboard-gets-command", LandPredicates::clipboardGetsCommand);
    named.put("names-device-management", (scan, step, read) -> any(step, DEVICE_MANAGEMENT));
    named.put("dumps-secret-process", (scan, step, read) -> dumpsSecretProcess(step));
    named.put("widens-token-scopes", (scan, step, read) -> widensScopes(step));
    named.put("names-link-scheme", (scan, step, read) -> namesScheme(step));
    named.put("sets-browser-policy", (scan, step, read) -> setsBrowserPolicy(step));
    named.put("writes-folder-code", LandPredicates::writesFolderCode);
    named.put("writes-tests-skipped", LandPredicates::writesTestsSkipped);
    named.put("removes-essential-package", (scan, step, read) -> removesEssential(step));
    named.put("agent-task-acts", (scan, step, read) -> taskActs(step));
    named.put("names-laptop-backup", (scan, step, read) -> any(step, LAPTOP_BACKUP));
    named.put("mode-locks-owner-out", LandPredicates::locksOwnerOut);
    named.put("owner-taken-in-home", LandPredicates::ownerTakenInHome);
    named.put("acl-locks-owner-out", LandPredicates::aclLocksOwnerOut);
    named.put("drops-all-outgoing", (scan, step, read) -> dropsAllOutgoing(step));
    named.put("routes-all-elsewhere", (scan, step, read) -> routesAllElsewhere(step));
    named.put("loads-browser-extension", (scan, step, read) -> any(step, LOADS_EXTENSION));
    named.put("writes-link-handlers", LandPredicates::writesLinkHandlers);
    named.put("edits-tests-skipped-wholesale", LandPredicates::editsTestsSkippedWholesale);
    named.put(
        "agent-tools-all-allowed", (scan, step, read) -> toolsAllAllowed(step) && taskActs(step));
    named.put("forwards-agent-unverified", (scan, step, read) -> forwardsAgentUnverified(step));
    named.put("code-writes-ahead-of-system", LandPredicates::codeWritesAheadOfSystem);
    named.put("weakens-kernel-hardening", (scan, step, read) -> any(step, KERNEL_HARDENING_OFF));
    named.put("names-admin-group", (scan, step, read) -> any(step, ADMIN_GROUP));
    named.put("names-home-whole", (scan, step, read) -> namesHomeWhole(step));
    named.put("sets-immutable-flag", (scan, step, read) -> setsImmutable(step));
    named.put("writes-bidi-controls", LandPredicates::writesBidi);
  }

  /** Adds the call's predicates under their names: an edit tool's text. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("edit-password-catcher", scan -> edited(scan, LandPredicates::catcher));
    named.put("edit-agent-instructions", scan -> edited(scan, LandPredicates::planted));
    named.put("edit-proxy-elsewhere", scan -> edited(scan, LandPredicates::proxyWritten));
    named.put("edit-hiding-attributes", scan -> edited(scan, LandPredicates::hidingAttributes));
    named.put("edit-folder-code", scan -> edited(scan, LandPredicates::folderCode));
    named.put("edit-tests-skipped", scan -> edited(scan, LandPredicates::testsSkipped));
    named.put("edit-bidi-controls", scan -> edited(scan, LandPredicates::bidi));
  }

  /** What an edit tool's call does, as one of the readers below reads it: the file, or null. */
  private static String edited(Scan scan, WeakenPredicates.ChangeReader<String> reader) {
    return EditCalls.read(
        scan.call(),
        (old, now, files) -> now.length() > MAX_TEXT ? null : reader.read(old, now, files));
  }

  /**
   * What a program writes to a file, as one of the readers below reads it: a printer's text or
   * here-document sent to a file, {@code sed -i}'s or {@code perl -pi}'s replacement, inline code
   * that writes a file it names ({@code open('AGENTS.md','a').write(…)}).
   */
  private static boolean written(
      Scan scan, Step step, WeakenPredicates.ChangeReader<String> reader) {
    String program = step.program();
    WeakenPredicates.ChangeReader<String> bounded =
        (old, now, files) -> now.length() > MAX_TEXT ? null : reader.read(old, now, files);
    if (PRINTERS.contains(program)) {
      if (WeakenPredicates.written(scan, step, bounded) != null) {
        return true;
      }
      return program.equals("tee") && piped(scan, step, reader);
    }
    if (IN_PLACE.contains(program)) {
      return WeakenPredicates.inPlace(step, bounded) != null;
    }
    if (step.interpreter()) {
      return codeWrites(step, bounded);
    }
    return false;
  }

  /** The programs that print text into a file by a redirection or as {@code tee}. */
  private static final Set<String> PRINTERS = Set.of("echo", "printf", "tee", "cat");

  /** The programs that change a file in place by a replacement. */
  private static final Set<String> IN_PLACE = Set.of("sed", "gsed", "perl");

  /** Inline code that writes or appends to a file. */
  private static final Pattern CODE_WRITES =
      Pattern.compile(
          "write(?:_text|FileSync|File)?\\s*\\(|appendFile(?:Sync)?\\s*\\(|File\\.write|IO\\.write"
              + "|file_put_contents|open\\([^)]{0,200}['\"][wa]|>>?\\s*['\"]?[\\w./-]");

  /** A literal of code that names a file: no blank, a folder or a name with an ending. */
  private static final Pattern FILE_LITERAL =
      Pattern.compile("[\\w.~/-]{0,300}(?:/|\\.)[\\w.-]{1,100}");

  /**
   * Inline code that writes a file: each literal that names a file read as the file written, the
   * code's other literals as the text put in (escapes read as the characters they stand for).
   */
  private static boolean codeWrites(Step step, WeakenPredicates.ChangeReader<String> reader) {
    String code = CustomerPredicates.code(step);
    if (code == null || !CODE_WRITES.matcher(code).find()) {
      return false;
    }
    List<String> literals = CodeArguments.literals(code);
    if (literals.size() > 64) {
      return false;
    }
    StringBuilder text = new StringBuilder();
    List<String> files = new java.util.ArrayList<>();
    for (String literal : literals) {
      if (literal.indexOf(' ') < 0 && FILE_LITERAL.matcher(literal).matches()) {
        files.add(literal);
      } else {
        text.append(literal.replace("\\n", "\n").replace("\\t", "\t")).append('\n');
      }
    }
    for (String file : files) {
      if (reader.read("", text.toString(), List.of(file)) != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * What {@code tee} is given by a pipe ({@code echo '…' | sudo tee /etc/…}): the command before
   * it, read as the text, with tee's files.
   */
  private static boolean piped(Scan scan, Step step, WeakenPredicates.ChangeReader<String> reader) {
    String source = scan.source();
    if (source == null || source.length() > MAX_TEXT || source.indexOf('|') < 0) {
      return false;
    }
    List<String> files = new java.util.ArrayList<>();
    for (Word word : step.args()) {
      if (!word.text().startsWith("-")) {
        for (Target target : scan.targets(step, word)) {
          if (target.known() && !target.path().startsWith("/dev")) {
            files.add(target.path().toString());
          }
        }
      }
    }
    return !files.isEmpty()
        && reader.read("", source.substring(0, source.lastIndexOf('|')), files) != null;
  }

  private static boolean dialogAsksPassword(Step step) {
    String text = joined(step);
    if (text == null) {
      return false;
    }
    return DIALOG_PASSWORD.matcher(text).find()
        || step.program().equals("osascript") && DIALOG_NAMES_PASSWORD.matcher(text).find();
  }

  /** {@code read -s -p '[sudo] password for user: '}: a prompt with its echo off. */
  private static boolean promptAsksPassword(Step step) {
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
      asks |= PROMPT_PASSWORD.matcher(t).find();
    }
    return silent && asks;
  }

  private static boolean writesPasswordCatcher(Scan scan, Step step, Read read) {
    return written(scan, step, LandPredicates::catcher);
  }

  /** A function or alias standing in for {@code sudo} (and its kin) that reads the password. */
  private static String catcher(String old, String now, List<String> files) {
    Matcher wrapper = WRAPPER.matcher(now);
    boolean caught = wrapper.find() && CATCHES.matcher(now).find() || ALIASED.matcher(now).find();
    return caught ? files.get(0) : null;
  }

  private static boolean writesAgentInstructions(Scan scan, Step step, Read read) {
    return written(scan, step, LandPredicates::planted);
  }

  /** An agent's instructions file given a line that takes the person or a safety out. */
  private static String planted(String old, String now, List<String> files) {
    for (String file : files) {
      if (AGENT_INSTRUCTIONS.matcher(file).find() && PLANTED.matcher(now).find()) {
        return file;
      }
    }
    return null;
  }

  /**
   * A setting of a proxy given a host that is not this machine: {@code git config http.proxy
   * http://203.0.113.5:3128}, {@code npm config set https-proxy …}, {@code reg add … /v ProxyServer
   * /d host:port}, {@code launchctl setenv HTTPS_PROXY …}.
   */
  private static boolean setsProxyElsewhere(Step step) {
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
      if (PROXY_KEY.matcher(name).find()) {
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
  private static boolean elsewhere(String value) {
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
    Matcher host = HOST_PORT.matcher(v);
    return host.find() && !Hosts.loopback(host.group(1)) && !host.group(1).isEmpty();
  }

  private static boolean writesProxyElsewhere(Scan scan, Step step, Read read) {
    return written(scan, step, LandPredicates::proxyWritten);
  }

  /** A proxy set in a file to a host elsewhere: {@code export https_proxy=http://h:p}. */
  private static String proxyWritten(String old, String now, List<String> files) {
    if (now.toLowerCase(Locale.ROOT).indexOf("proxy") < 0) {
      return null;
    }
    for (String line : now.split("\n", 200)) {
      String lower = line.toLowerCase(Locale.ROOT);
      int at = lower.indexOf("proxy");
      if (at < 0 || line.length() > 1000) {
        continue;
      }
      String rest = line.substring(at);
      Matcher value = PROXY_VALUE.matcher(rest);
      if (value.find() && elsewhere(value.group(1))) {
        return files.get(0);
      }
      Matcher host = PROXY_HOST.matcher(rest);
      if (host.find() && !Hosts.loopback(host.group(1)) && host.group(1).indexOf('.') > 0) {
        return files.get(0); // systemProp.https.proxyHost=203.0.113.5: a host with no port
      }
    }
    return null;
  }

  /**
   * A pager or diff filter that drops lines: {@code git config core.pager "sed '/x/d' | less"},
   * {@code git -c core.pager="grep -v x" log}, {@code GIT_PAGER="awk '!/x/'" git diff}; and {@code
   * LESSOPEN='|cmd %s'}, a command less runs on every file it shows.
   */
  private static boolean pagerHidesLines(Scan scan, Step step, Read read) {
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
              && PAGER_KEY.matcher(kv.substring(0, eq)).matches()
              && filters(kv.substring(eq + 1))) {
            return true;
          }
        }
        if (PAGER_KEY.matcher(t).matches() && i + 1 < args.size() && isConfig(args)) {
          if (filters(args.get(i + 1).text())) {
            return true;
          }
        }
      }
    }
    String source = scan.source();
    if (source == null || source.length() > MAX_TEXT) {
      return false;
    }
    if (program.equals("git") && (source.contains("PAGER=") || source.contains("DIFF="))) {
      Matcher variable = PAGER_VARIABLE.matcher(source);
      while (variable.find()) {
        if (filters(variable.group(2))) {
          return true;
        }
      }
    }
    if ((program.equals("less") || program.equals("man") || program.equals("git"))
        && source.contains("LESSOPEN=")) {
      Matcher open = LESSOPEN.matcher(source);
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

  private static boolean isConfig(List<Word> args) {
    for (Word word : args) {
      if (word.text().equals("config")) {
        return true;
      }
    }
    return false;
  }

  /** Whether a pager's command line runs a program that is not a whole pager: a filter. */
  private static boolean filters(String command) {
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

  private static boolean writesHidingAttributes(Scan scan, Step step, Read read) {
    return written(scan, step, LandPredicates::hidingAttributes);
  }

  /**
   * A {@code .gitattributes} line that hides the changes of code or configuration from diffs and
   * reviews ({@code src/auth/** -diff}, {@code *.py linguist-generated}); a file the project builds
   * or fetches ({@code dist/**}, a lock file, images) is no such file.
   */
  private static String hidingAttributes(String old, String now, List<String> files) {
    String file = files.get(0);
    boolean exclude = file.endsWith("/info/exclude");
    if (!exclude && !file.endsWith(".gitattributes") && !file.endsWith("/info/attributes")) {
      return null;
    }
    for (String line : now.split("\n", 500)) {
      String trimmed = line.trim();
      if (trimmed.isEmpty() || trimmed.startsWith("#") || trimmed.length() > 400) {
        continue;
      }
      String pattern = trimmed.split("\\s+", 2)[0];
      if (exclude
          && !pattern.endsWith("/")
          && REVIEWED.matcher(pattern).find()
          && !GENERATED.matcher(pattern).find()) {
        return file; // a file of code kept out of git status: a new file nobody reviews
      }
      if (HIDING_ATTRIBUTE.matcher(trimmed.substring(pattern.length())).find()
          && REVIEWED.matcher(pattern).find()
          && !GENERATED.matcher(pattern).find()) {
        return file;
      }
    }
    return null;
  }

  /**
   * A program that puts on the clipboard a command the person would be harmed to paste: {@code
   * printf 'curl … | sudo bash' | pbcopy}, {@code osascript -e 'set the clipboard to "…"'}.
   */
  private static boolean clipboardGetsCommand(Scan scan, Step step, Read read) {
    String program = step.program();
    if (!CLIPBOARD_WRITERS.contains(program)) {
      return false;
    }
    String source = scan.source();
    if (source == null || source.length() > MAX_TEXT) {
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
      String text = joined(step);
      String lower = text == null ? "" : text.toLowerCase(Locale.ROOT);
      if (!lower.contains("set the clipboard")
          && !lower.contains("set-clipboard")
          && !lower.contains("clipboard]::settext")) {
        return false;
      }
      return HARMFUL_PASTE.matcher(text.replaceFirst("(?i)^.*?clipboard", "")).find();
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
    return HARMFUL_PASTE.matcher(piped).find();
  }

  /** {@code gcore $(pgrep ssh-agent)}, {@code cat /proc/$(pgrep -f keepassxc)/mem}. */
  private static boolean dumpsSecretProcess(Step step) {
    String text = joined(step);
    if (text == null) {
      return false;
    }
    if (PROC_MEMORY.matcher(text).find()) {
      return true;
    }
    if (!DUMPERS.contains(step.program())) {
      return false;
    }
    String lower = text.toLowerCase(Locale.ROOT);
    if (step.program().startsWith("rundll32")) {
      return lower.contains("minidump");
    }
    if (step.program().equals("gdb") || step.program().equals("lldb")) {
      if (!lower.contains("gcore")
          && !lower.contains("generate-core-file")
          && !lower.contains("save-core")
          && !lower.contains("dump memory")) {
        return false;
      }
    }
    return SECRET_PROCESS.matcher(text).find();
  }

  /** {@code gh auth refresh -s admin:org}, {@code glab token create --scope sudo}. */
  private static boolean widensScopes(Step step) {
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
        if (WIDE_SCOPE.matcher(bare).matches() || GOOGLE_ADMIN_SCOPE.matcher(bare).find()) {
          return true;
        }
      }
    }
    String text = joined(step);
    return text != null && text.contains("personal_access_tokens") && PAT_WIDE.matcher(text).find();
  }

  /** A scheme's handler named among a program's words: the web's, mail's, a remote shell's. */
  private static boolean namesScheme(Step step) {
    for (Word word : step.args()) {
      String t = word.text();
      if (t.length() <= 400 && SCHEME.matcher(t).find()) {
        return true;
      }
    }
    return false;
  }

  /** {@code defaults write com.google.Chrome ExtensionInstallForcelist …}, its registry key. */
  private static boolean setsBrowserPolicy(Step step) {
    String text = joined(step);
    return text != null
        && BROWSER_POLICY.matcher(text).find()
        && (BROWSER_DOMAIN.matcher(text).find() || !step.program().equals("defaults"));
  }

  private static boolean writesFolderCode(Scan scan, Step step, Read read) {
    return written(scan, step, LandPredicates::folderCode);
  }

  /**
   * Code left to run when the person enters or opens the folder: an {@code .envrc} line that is no
   * assignment nor direnv's own function ({@code aws s3 sync …}), a VS Code task run on {@code
   * folderOpen}.
   */
  private static String folderCode(String old, String now, List<String> files) {
    String file = files.get(0);
    if (file.endsWith("/.envrc") || file.equals(".envrc") || file.endsWith("/.env.rc")) {
      for (String line : now.split("\n", 200)) {
        if (line.length() > 1000 || !ENVRC_ORDINARY.matcher(line).matches()) {
          return file;
        }
      }
      return null;
    }
    if (MISE_FILE.matcher(file).find()) {
      return MISE_HOOK.matcher(now).find() ? file : null;
    }
    if (file.endsWith(".vscode/tasks.json") || file.endsWith(".code-workspace")) {
      return FOLDER_OPEN.matcher(now).find() ? file : null;
    }
    return null;
  }

  private static boolean writesTestsSkipped(Scan scan, Step step, Read read) {
    return written(scan, step, LandPredicates::testsSkipped);
  }

  /** A conftest, a test runner's settings or a package's test script that skips every test. */
  private static String testsSkipped(String old, String now, List<String> files) {
    String file = files.get(0);
    if (SKIPS_ALL.matcher(now).find() && !SKIPS_ALL.matcher(old).find()) {
      return file;
    }
    if (ALWAYS_TRUE.matcher(now).find()
        && (old.contains("assert") || old.contains("expect(") || old.contains(".*"))
        && !ALWAYS_TRUE.matcher(old).find()) {
      return file; // s/assert .*/assert True/
    }
    String body = now.strip();
    if (TEST_RUNNER.matcher(file).find()
        && (body.equals("exit 0")
            || body.equals("true")
            || body.equals(":")
            || body.matches("#![^\\n]{1,60}\\n+(?:exit 0|true|:)"))) {
      return file; // a test runner that runs nothing and passes
    }
    return null;
  }

  /** A package manager's removal that names a package the system cannot run without. */
  private static boolean removesEssential(Step step) {
    for (Word word : step.args()) {
      String t = word.text();
      if (!t.startsWith("-")) {
        String name = t.toLowerCase(Locale.ROOT);
        int colon = name.indexOf(':'); // libc6:amd64
        name = colon > 0 ? name.substring(0, colon) : name;
        if (ESSENTIAL.contains(name)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The flags chflags sets that keep a file from being changed or removed. */
  private static final Set<String> LOCKING_FLAGS =
      Set.of(
          "uchg",
          "uchange",
          "uimmutable",
          "schg",
          "schange",
          "simmutable",
          "uappnd",
          "uappend",
          "sappnd",
          "sappend",
          "sunlnk",
          "sunlink",
          "uunlnk",
          "uunlink");

  /** {@code chattr +i}, {@code chattr =ai}, {@code chflags -R uchg}: a file made unchangeable. */
  private static boolean setsImmutable(Step step) {
    boolean chattr = step.program().equals("chattr");
    for (Word word : step.args()) {
      String t = word.text();
      if (chattr) {
        if (t.length() > 1
            && t.length() < 20
            && (t.charAt(0) == '+' || t.charAt(0) == '=')
            && (t.indexOf('i') > 0 || t.indexOf('a') > 0)) {
          return true;
        }
      } else {
        for (String flag : t.split(",", 8)) {
          if (LOCKING_FLAGS.contains(flag)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The characters that reorder text as shown: Trojan Source's bidirectional controls. */
  private static final Pattern BIDI =
      Pattern.compile("[\u202A-\u202E\u2066-\u2069]|(?i)\\\\u(?:202[a-e]|206[6-9])");

  private static boolean writesBidi(Scan scan, Step step, Read read) {
    return written(scan, step, LandPredicates::bidi);
  }

  /** Code or configuration given characters that show it other than it runs. */
  private static String bidi(String old, String now, List<String> files) {
    return BIDI.matcher(now).find() && !BIDI.matcher(old).find() ? files.get(0) : null;
  }

  /**
   * A task given to an agent that acts beyond the working copy: pushes, deploys, releases, rotates
   * or deletes, touches production, secrets or money, or installs.
   */
  private static final Pattern AGENT_TASK_ACTS =
      Pattern.compile(
          "(?i)\\b(?:push\\w*|(?:re)?deploy\\w*|release\\w*|publish\\w*|rotat\\w+|migrat\\w+|delet\\w+"
              + "|drop\\w*|truncat\\w+|destroy\\w*|wip(?:e|ing)|purg\\w+|prod|production|live|main|master"
              + "|force\\w*|secrets?|credentials?|keys?|tokens?|\\.env|payments?|refund\\w*|charg\\w+|rollback"
              + "|roll back|scal(?:e|ing)|restart\\w*|shutdown|reboot|install\\w*|uninstall\\w*|sudo|rm -rf"
              + "|send\\w*|e-?mail\\w*|merg\\w+|tag\\w*|cleanup|clean up the (?:server|host|bucket|cluster))\\b");

  /** The backup tools of a laptop, by their services' and agents' names. */
  private static final Pattern LAPTOP_BACKUP =
      Pattern.compile(
          "(?i)deja-?dup|timemachine|backupd|backblaze|bztransmit|bzserv|crashplan|code42|carbonite"
              + "|\\barq|duplicati|synology-?drive|idrive|acronis|pika-backup|vorta|kopia-ui|timeshift");

  /** A kernel setting that takes a protection against reading other processes' memory off. */
  private static final Pattern KERNEL_HARDENING_OFF =
      Pattern.compile(
          "^(?:kernel\\.randomize_va_space=0|kernel\\.yama\\.ptrace_scope=0|kernel\\.kptr_restrict=0"
              + "|kernel\\.dmesg_restrict=0|fs\\.protected_(?:symlinks|hardlinks|regular|fifos)=0"
              + "|kernel\\.unprivileged_bpf_disabled=0|kernel\\.perf_event_paranoid=-[12]"
              + "|fs\\.suid_dumpable=[12]|kernel\\.core_pattern=.*)$");

  /**
   * {@code ssh -A -o StrictHostKeyChecking=no host}: the person's keys agent forwarded to a host
   * whose key nobody checks, where whoever answers uses the keys for the session's length.
   */
  private static boolean forwardsAgentUnverified(Step step) {
    boolean forwards = false;
    boolean unverified = false;
    for (Word word : step.args()) {
      String t = word.text();
      String lower = t.toLowerCase(Locale.ROOT).replace(" ", "");
      if (t.equals("-A")
          || t.startsWith("-")
              && !t.startsWith("--")
              && t.length() < 12
              && t.indexOf('A') > 0
              && t.matches("-[46ACGKMNTXYafgknqstvxy]+")) {
        forwards = true;
      }
      forwards |= lower.startsWith("forwardagent=yes") || lower.equals("forwardagentyes");
      unverified |=
          lower.startsWith("stricthostkeychecking=no")
              || lower.startsWith("stricthostkeychecking=off")
              || lower.startsWith("stricthostkeychecking=accept-new")
              || lower.startsWith("userknownhostsfile=/dev/null");
    }
    return forwards && unverified;
  }

  /**
   * Inline code that writes a program named like a system one into a folder ahead of the system's
   * on {@code PATH} ({@code open(os.path.expanduser('~/.local/bin/git'),'w')}): as {@code
   * persist.path-shadow}'s copy, by code.
   */
  private static boolean codeWritesAheadOfSystem(Scan scan, Step step, Read read) {
    if (!step.interpreter()) {
      return false;
    }
    String code = CustomerPredicates.code(step);
    if (code == null || !CODE_WRITES.matcher(code).find() || code.indexOf("bin/") < 0) {
      return false;
    }
    List<String> literals = CodeArguments.literals(code);
    for (int i = 0; i < literals.size() && i < 64; i++) {
      String literal = literals.get(i);
      if (literal.indexOf("bin/") < 0 || literal.length() > 300) {
        continue;
      }
      Target target = CodeArguments.path(scan, step, literal, homeInCode(code));
      if (target != null
          && target.known()
          && PersistentPlaces.aheadOfSystem(scan.places().home(), target.path())) {
        return true;
      }
    }
    return false;
  }

  /** Whether inline code joins paths to the home it reads ({@code os.homedir() + '/bin/x'}). */
  private static boolean homeInCode(String code) {
    return code.contains("homedir()")
        || code.contains("expanduser(")
        || code.contains("Path.home()")
        || code.contains("Dir.home")
        || code.contains("env.HOME")
        || code.contains("'HOME'")
        || code.contains("\"HOME\"");
  }

  /** The groups that make a user an administrator of the machine. */
  private static final Pattern ADMIN_GROUP =
      Pattern.compile("^(?:/Groups/)?(?:admin|wheel|sudo|adm|staff|administrators)$");

  /** A mode that takes the owner's reading away: {@code 000}, {@code 0311}, {@code u-rwx}. */
  private static final Pattern OWNER_LOCKED =
      Pattern.compile(
          "^0?[0-3][0-7]{2}$|^[0-7][0-3][0-7]{2}$|^(?:u|a|ug|ugo|uo)?-r\\w*$|^(?:u|a|ug|ugo)=$");

  /**
   * {@code chmod 000 ~}, {@code chmod u-r ~/Documents}: a mode that takes the owner's own reading
   * away from a folder or file of the home outside the project.
   */
  private static boolean locksOwnerOut(Scan scan, Step step, Read read) {
    boolean locked = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (!locked && OWNER_LOCKED.matcher(t).matches()) {
        locked = true;
        continue;
      }
      if (!locked || t.startsWith("-")) {
        continue;
      }
      java.nio.file.Path home = scan.places().home();
      java.nio.file.Path project = scan.call().project();
      for (Target target : scan.targets(step, word)) {
        if (target.known()
            && target.path().startsWith(home)
            && (project == null || !target.path().startsWith(project))) {
          return true;
        }
      }
    }
    return false;
  }

  /** A home folder or the disk as a whole: {@code ~}, {@code /Users/u}, {@code /}. */
  private static final Pattern HOME_WHOLE =
      Pattern.compile(
          "^(?:~|\\$HOME|\\$\\{HOME}|/|/Users|/home|/Users/[^/]{1,64}|/home/[^/]{1,64}|/System/Volumes/Data)/?$");

  /** {@code tmutil addexclusion -p /Users/u}: a backup that leaves out the home or the disk. */
  private static boolean namesHomeWhole(Step step) {
    for (Word word : step.args()) {
      if (HOME_WHOLE.matcher(word.text()).matches()) {
        return true;
      }
    }
    return false;
  }

  /** Whether a word of the agent's that is no option of its (its prompt) asks it to act. */
  private static boolean taskActs(Step step) {
    for (Word word : step.args()) {
      String t = word.text();
      if (!t.startsWith("-") && t.length() <= 4000 && AGENT_TASK_ACTS.matcher(t).find()) {
        return true;
      }
    }
    return false;
  }

  /** The owners a file of the home is given that take it from the person. */
  private static final Set<String> OTHER_OWNERS =
      Set.of("root", "0", "nobody", "daemon", "root:root", "root:wheel", "root:admin", "0:0");

  /**
   * {@code sudo chown root ~/.zshrc}: a file or folder of the home outside the project given to
   * root, which the person can then no longer change.
   */
  private static boolean ownerTakenInHome(Scan scan, Step step, Read read) {
    boolean owner = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.startsWith("-")) {
        continue;
      }
      if (!owner) {
        if (!OTHER_OWNERS.contains(t) && !t.startsWith("root:")) {
          return false;
        }
        owner = true;
        continue;
      }
      if (inHomeOutsideProject(scan, step, word)) {
        return true;
      }
    }
    return false;
  }

  /** An ACL entry that takes every right away: {@code u:user:---}. */
  private static final Pattern NO_RIGHTS =
      Pattern.compile(
          "(?:d:|default:)?(?:u|user|g|group|o|other|m|mask):[\\w.-]{0,64}:-{1,3}(?:,.*)?");

  /** {@code setfacl -m u:user:--- ~/Documents}: an entry that takes every right away. */
  private static boolean aclLocksOwnerOut(Scan scan, Step step, Read read) {
    boolean locks = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.length() < 200 && NO_RIGHTS.matcher(t).matches()) {
        locks = true;
      } else if (locks && !t.startsWith("-") && inHomeOutsideProject(scan, step, word)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a word names a path of the home outside the project. */
  private static boolean inHomeOutsideProject(Scan scan, Step step, Word word) {
    java.nio.file.Path home = scan.places().home();
    java.nio.file.Path project = scan.call().project();
    for (Target target : scan.targets(step, word)) {
      if (target.known()
          && target.path().startsWith(home)
          && (project == null || !target.path().startsWith(project))) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code iptables -P OUTPUT DROP}, {@code iptables -A OUTPUT -j DROP} with no address or port,
   * {@code ufw default deny outgoing}: every connection out of the laptop dropped.
   */
  private static boolean dropsAllOutgoing(Step step) {
    boolean output = false;
    boolean drop = false;
    boolean policy = false;
    boolean narrowed = false;
    boolean outgoing = false;
    boolean deny = false;
    for (Word word : step.args()) {
      switch (word.text()) {
        case "OUTPUT" -> output = true;
        case "DROP", "REJECT" -> drop = true;
        case "-P", "--policy" -> policy = true;
        case "-d",
            "--destination",
            "--dport",
            "--dports",
            "-o",
            "--out-interface",
            "-p",
            "--protocol",
            "-m",
            "--match" ->
            narrowed = true;
        case "outgoing" -> outgoing = true;
        case "deny", "reject" -> deny = true;
        default -> {
          // another word
        }
      }
    }
    if (step.program().equals("ufw")) {
      return outgoing && deny;
    }
    return output && drop && (policy || !narrowed);
  }

  /**
   * {@code ip route replace default via h}, {@code route add default h}, {@code sshuttle -r u@h
   * 0/0}, a nat rule sending connections out to another address: the laptop's traffic through
   * another host.
   */
  private static boolean routesAllElsewhere(Step step) {
    boolean all = false;
    boolean adds = false;
    boolean nat = false;
    for (Word word : step.args()) {
      switch (word.text()) {
        case "default", "0/0", "0.0.0.0/0", "::/0", "0.0.0.0" -> all = true;
        case "add", "replace", "change", "append", "-A", "-I", "--append", "--insert" ->
            adds = true;
        case "DNAT", "REDIRECT", "--to-destination", "dnat" -> nat = true;
        default -> {
          // another word
        }
      }
    }
    return switch (step.program()) {
      case "sshuttle" -> all;
      case "ip", "route" -> all && adds;
      case "iptables", "ip6tables", "nft" -> nat && adds;
      default -> false;
    };
  }

  /** A browser started with an extension from a folder: {@code --load-extension=/tmp/x}. */
  private static final Pattern LOADS_EXTENSION =
      Pattern.compile("^--(?:load-extension|disable-extensions-except)=");

  private static boolean writesLinkHandlers(Scan scan, Step step, Read read) {
    return written(scan, step, LandPredicates::linkHandlers);
  }

  /** A desktop's list of default applications given a handler of web or mail links. */
  private static String linkHandlers(String old, String now, List<String> files) {
    String file = files.get(0);
    if (!file.endsWith("mimeapps.list") && !file.endsWith("defaults.list")) {
      return null;
    }
    return LINK_HANDLER_LINE.matcher(now).find() ? file : null;
  }

  /** A line of mimeapps.list that names the handler of web or mail links, or of web pages. */
  private static final Pattern LINK_HANDLER_LINE =
      Pattern.compile("(?m)^\\s*(?:x-scheme-handler/(?:https?|mailto|ftp|ssh)|text/html)\\s*=");

  private static boolean editsTestsSkippedWholesale(Scan scan, Step step, Read read) {
    if (!IN_PLACE.contains(step.program())) {
      return false;
    }
    return WeakenPredicates.inPlace(step, LandPredicates::skipsWholesale) != null;
  }

  /** A skip marker a replacement adds to every test it meets. */
  private static final Pattern SKIP_MARK =
      Pattern.compile(
          "\\b(?:describe|it|test|context|suite)\\.skip\\(|\\bx(?:it|describe|test)\\(|\\bt\\.Skip(?:Now)?\\("
              + "|@(?:pytest\\.mark\\.skip|unittest\\.skip|Disabled|Ignore)\\b|#\\[ignore]");

  /**
   * {@code sed -i 's/describe(/describe.skip(/'}: a replacement that skips every suite it meets.
   */
  private static String skipsWholesale(String old, String now, List<String> files) {
    return SKIP_MARK.matcher(now).find() && !SKIP_MARK.matcher(old).find() && old.indexOf('\n') < 0
        ? (files.isEmpty() ? "tests" : files.get(0))
        : null;
  }

  /** An allowed tools list that lets every shell command through: {@code Bash}, {@code Bash(*)}. */
  private static final Pattern ALL_SHELL =
      Pattern.compile("(?s).*\\bBash(?:\\(\\*(?::\\*)?\\))?(?:[\\s,].*|$)");

  /** {@code claude -p … --allowedTools "Bash(*)"}: every shell command allowed without asking. */
  private static boolean toolsAllAllowed(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String value = null;
      if ((t.equals("--allowedTools") || t.equals("--allowed-tools")) && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      } else if (t.startsWith("--allowedTools=") || t.startsWith("--allowed-tools=")) {
        value = t.substring(t.indexOf('=') + 1);
      }
      if (value != null && value.length() < 1000 && ALL_SHELL.matcher(value).matches()) {
        return true;
      }
    }
    return false;
  }

  /** Whether a word of the program matches. */
  private static boolean any(Step step, Pattern pattern) {
    for (Word word : step.args()) {
      String t = word.text();
      if (t.length() <= 1000 && pattern.matcher(t).find()) {
        return true;
      }
    }
    return false;
  }

  /** The program's words joined, or null past the bound; a here-document it reads too. */
  private static String joined(Step step) {
    StringBuilder text = new StringBuilder();
    for (Word word : step.args()) {
      text.append(word.text()).append(' ');
      if (text.length() > MAX_TEXT) {
        return null;
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null && redirect.body().length() <= MAX_TEXT) {
        text.append(redirect.body());
      }
    }
    return text.toString();
  }
}
