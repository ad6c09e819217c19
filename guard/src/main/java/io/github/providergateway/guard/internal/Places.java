package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolves the paths a call names and says where they are, without touching the disk: relative to
 * the folder the agent reports (else unknown), {@code ~}, {@code $HOME} and {@code ${HOME}} to the
 * user's home, {@code ..} normalised. "Inside the project" is only under the session's project,
 * never under the reported folder; with no session nothing is inside. A leading {@code ~} or {@code
 * $HOME} is read as the home even when quoted: the stricter reading; {@code $(mktemp …)} is a new
 * path in the first temporary folder. What the user's caches hold ({@code ~/.cache}, {@code
 * ~/Library/Caches}) is free to delete, like the temporary folders' contents. Symbolic links are
 * not followed here: a link in the project to {@code /} reads as inside. The guard's own ground is
 * judged on the disk too ({@link #disk()}, {@link RealPaths}), where a path's links are followed.
 */
public final class Places {
  private static final Set<String> SYSTEM_TOP =
      NameSet.of(
          "bin",
          "boot",
          "dev",
          "etc",
          "lib",
          "lib32",
          "lib64",
          "libx32",
          "opt",
          "proc",
          "root",
          "run",
          "sbin",
          "srv",
          "sys",
          "usr",
          "var",
          "snap",
          "nix",
          "mnt",
          "media",
          "System",
          "Library",
          "Applications",
          "private",
          "Volumes",
          "cores");
  private static final Set<String> SYSTEM_PARENTS = NameSet.of("usr", "System");

  /**
   * What the user's build tools keep and fill again when it is gone: free to delete, as the
   * temporary folders' contents are.
   */
  private static final List<String> CACHES =
      List.of(
          ".cache",
          "Library/Caches",
          "Library/Developer/Xcode/DerivedData",
          ".m2/repository",
          ".npm",
          ".gradle/caches",
          ".gradle/wrapper/dists",
          ".cargo/registry",
          ".cargo/git",
          "go/pkg/mod",
          ".pnpm-store",
          ".local/share/pnpm/store",
          ".yarn/cache",
          ".yarn/berry/cache",
          ".nuget/packages",
          ".ivy2/cache",
          ".sbt/boot",
          ".conda/pkgs",
          ".bun/install/cache",
          ".deno",
          ".pub-cache",
          ".cocoapods",
          ".composer/cache",
          ".node-gyp");

  /** The devices' folder (FileRules reads it too). */
  static final Path DEVICES = Path.of("/dev");

  private static final Set<String> SAFE_DEVICES =
      NameSet.of(
          "null", "zero", "full", "random", "urandom", "stdin", "stdout", "stderr", "tty", "ptmx",
          "fd", "pts", "shm", "tcp", "udp", "mqueue", "console");

  private static final Path ROOT = Path.of("/");

  /** The files, from the home, that hold the agents' hooks: the ones setup writes (agents.json). */
  private static final List<String> GUARD_FILES = AgentGround.SETUP_FILES;

  /** The agents' settings folders in the home (agents.json). */
  private static final List<String> GUARD_FOLDERS = AgentGround.HOME_FOLDERS;

  private final Path userHome;
  private final List<Path> tempDirs;
  private final Path gatewayHome;
  private final List<Path> gatewayFiles;
  private final Path project;
  private final List<Path> caches;
  private final List<Path> guardFiles;
  private final List<Path> guardFolders;
  private final DiskView disk;

  /**
   * The paths as written, before {@code ..} was taken off, of the targets whose path had one: on
   * the disk {@code link/..} is the folder above the link's target, not the folder the link is in.
   * This call's own; most calls have none.
   */
  private final Map<Target, Path> asWritten = new IdentityHashMap<>();

  /**
   * Places for one call, on a disk.
   *
   * <p>The machine's folders come as the guard's {@code GuardEnvironment} gives them, one by one,
   * and the disk as a {@link DiskView}, so that this package names none of the guard's public types
   * (decision 80).
   *
   * @param userHome the user's home
   * @param tempDirs the machine's temporary folders, the first the one {@code mktemp} uses
   * @param gatewayHome the gateway's home
   * @param gatewayFiles the gateway's own files outside its home
   * @param project the session's project, or {@code null} for none
   * @param disk the disk as the rules may see it
   */
  public Places(
      Path userHome,
      List<Path> tempDirs,
      Path gatewayHome,
      List<Path> gatewayFiles,
      Path project,
      DiskView disk) {
    this.disk = disk;
    this.userHome = userHome;
    this.tempDirs = tempDirs;
    this.gatewayHome = gatewayHome;
    this.gatewayFiles = gatewayFiles;
    this.project = project == null ? null : project.normalize();
    Path home = userHome;
    this.caches = CACHES.stream().map(home::resolve).toList();
    this.guardFiles = GUARD_FILES.stream().map(home::resolve).toList();
    this.guardFolders = GUARD_FOLDERS.stream().map(home::resolve).toList();
  }

  /** The gateway's installs the agents' settings name, read from the disk when first asked. */
  private GroundInstalls.Installs installs;

  /** {@return the gateway's installs the agents' settings on the disk name, read once a call} */
  GroundInstalls.Installs installs() {
    if (installs == null) {
      installs = GroundInstalls.read(this);
    }
    return installs;
  }

  /** {@return the disk as the rules may see it} */
  public DiskView disk() {
    return disk;
  }

  /**
   * {@return the path of {@code target} as written, before {@code ..} was taken off; its path where
   * it had none}
   */
  Path asWritten(Target target) {
    Path written = asWritten.get(target);
    return written != null ? written : target.path();
  }

  /** {@return the agents' settings files in the home that hold their hooks} */
  public List<Path> guardFiles() {
    return guardFiles;
  }

  /** {@return the agents' folders in the home that hold their hook settings} */
  public List<Path> guardFolders() {
    return guardFolders;
  }

  /** {@return the user's home} */
  public Path home() {
    return userHome;
  }

  /** {@return the gateway's home} */
  public Path gatewayHome() {
    return gatewayHome;
  }

  /** {@return the gateway's own files outside its home (its --config file)} */
  public List<Path> gatewayFiles() {
    return gatewayFiles;
  }

  /** {@return the session's project, or {@code null}} */
  public Path project() {
    return project;
  }

  /**
   * Resolves a word against each folder the command may be in at that point.
   *
   * @param word the word
   * @param cwds the folders (a {@code null} among them is an unknown folder)
   * @return one target per folder for a relative path, else one
   */
  public List<Target> resolve(Word word, List<Path> cwds) {
    String text = plainer(word.text());
    Path base = null;
    String rest = text;
    char first = text.isEmpty() ? ' ' : text.charAt(0);
    if (first != '~' && first != '$') {
      // The common case, read without trying each expansion.
      if (rest.indexOf('$') >= 0 || rest.indexOf('`') >= 0) {
        return List.of(unknown(text));
      }
      if (first == '/') {
        return List.of(target(text, ROOT, "." + rest));
      }
      List<Target> targets = new ArrayList<>(cwds.size());
      for (Path cwd : cwds) {
        targets.add(cwd == null ? unknown(text) : target(text, cwd, rest));
      }
      return targets.isEmpty() ? List.of(unknown(text)) : targets;
    } else if (text.equals("~") || text.startsWith("~/")) {
      base = home();
      rest = text.substring(1);
    } else if (text.equals("~+") || text.startsWith("~+/")) {
      rest = "." + text.substring(2); // ~+ is $PWD
    } else if (first == '~'
        && text.length() > 1
        && Character.isLetter(text.charAt(1))
        && userHome(text) != null) {
      // ~user: that user's home, beside the person's (~user/… is the person's own for its name).
      int slash = text.indexOf('/');
      base = userHome(text);
      rest = slash < 0 ? "" : text.substring(slash);
    } else if (startsWithVariable(text, "HOME")) {
      base = home();
      rest = afterVariable(text, "HOME");
    } else if (startsWithVariable(text, "TMPDIR") && hasTemp()) {
      base = tempDirs.get(0);
      rest = afterVariable(text, "TMPDIR");
    } else if (text.startsWith("$(mktemp") && text.indexOf(')') > 0 && hasTemp()) {
      // mktemp makes a new file or folder in the temporary folder.
      base = tempDirs.get(0).resolve("tmp.mktemp");
      rest = text.substring(text.indexOf(')') + 1);
    } else if (startsWithVariable(text, "PWD") || text.startsWith("$(pwd)")) {
      rest = text.startsWith("$(pwd)") ? text.substring(6) : afterVariable(text, "PWD");
      rest = rest.startsWith("/") ? "." + rest : "./" + rest;
    } else if (text.startsWith("~")) {
      return List.of(unknown(text));
    }
    if (rest.indexOf('$') >= 0 || rest.indexOf('`') >= 0 || text.isEmpty()) {
      return List.of(unknown(text));
    }
    if (base != null) {
      return List.of(target(text, base, rest.startsWith("/") ? "." + rest : "./" + rest));
    }
    if (rest.startsWith("/")) {
      return List.of(target(text, ROOT, "." + rest));
    }
    List<Target> targets = new ArrayList<>();
    for (Path cwd : cwds) {
      targets.add(cwd == null ? unknown(text) : target(text, cwd, rest));
    }
    return targets.isEmpty() ? List.of(unknown(text)) : targets;
  }

  /** {@return whether {@code path} is one of the temporary folders itself} */
  public boolean isTempFolder(Path path) {
    return path != null && tempDirs.contains(path);
  }

  /**
   * Whether a path is a temporary folder or under one.
   *
   * @param path the path, absolute and normalised
   * @return whether it is in a temporary folder
   */
  public boolean inTempFolder(Path path) {
    if (path != null) {
      for (Path temp : tempDirs) {
        if (path.startsWith(temp)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The folders well-known variables name, from the home: read by their meaning (issue 60). */
  private static final java.util.Map<String, String> FROM_HOME = fromHome();

  private static java.util.Map<String, String> fromHome() {
    java.util.Map<String, String> folders = new java.util.HashMap<>();
    folders.put("XDG_CONFIG_HOME", ".config");
    folders.put("XDG_CACHE_HOME", ".cache");
    folders.put("XDG_DATA_HOME", ".local/share");
    folders.put("XDG_STATE_HOME", ".local/state");
    folders.put("CARGO_HOME", ".cargo");
    folders.put("GOPATH", "go");
    folders.put("RUSTUP_HOME", ".rustup");
    // The agents' settings folders, which their variables move (issue 64; agents.json's
    // homeFolder): read as the folder they stand for, so "$CODEX_HOME/config.toml" is Codex's.
    folders.putAll(AgentGround.foldersByVariable());
    return java.util.Map.copyOf(folders);
  }

  /** A process's root under {@code /proc}, by any name of the process. */
  private static final java.util.regex.Pattern PROC_ROOT =
      java.util.regex.Pattern.compile("^/proc/[^/]+/root(/.*)?$");

  /** The command's own folder under {@code /proc}. */
  private static final java.util.regex.Pattern PROC_CWD =
      java.util.regex.Pattern.compile(
          "^/proc/(?:self|thread-self|\\$\\$|\\$\\{\\$}|\\$BASHPID|\\$\\{BASHPID})/cwd(/.*)?$");

  /**
   * {@code text} with what names a plain path put plainly: {@code /proc/self/root/x} is {@code /x};
   * {@code ${HOME%/}} and the other operators on HOME are HOME; {@code $USER} is the home's name; a
   * well-known variable ({@code $XDG_CONFIG_HOME}, {@code $GITHUB_WORKSPACE}, …) is its folder.
   */
  private String plainer(String text) {
    String t = text;
    if (t.startsWith("/proc/")) {
      // Every process's root is the machine's (issue 75: /proc/$$/root/home/…); the command's own
      // folder is the folder it runs in (/proc/self/cwd/../x, /proc/$$/cwd).
      java.util.regex.Matcher root = PROC_ROOT.matcher(t);
      java.util.regex.Matcher cwd = PROC_CWD.matcher(t);
      if (root.matches()) {
        t = root.group(1) == null ? "/" : root.group(1);
      } else if (cwd.matches()) {
        t = cwd.group(1) == null ? "." : "." + cwd.group(1);
      }
    }
    if (t.startsWith("/Users/") || t.startsWith("/home/") || t.startsWith("/System/Volumes/")) {
      t = HomeLayouts.asHome(t, home());
    } else if (t.startsWith("/mnt/")
        || t.startsWith("\\\\")
        || t.startsWith("//wsl")
        || t.startsWith("%")
        || t.regionMatches(true, 0, "$env:", 0, 5)
        || t.length() > 2 && t.charAt(1) == ':' && Character.isLetter(t.charAt(0))) {
      t = HomeLayouts.windowsSide(t);
      if (t.startsWith("/home/") || t.startsWith("/Users/")) {
        t = HomeLayouts.asHome(t, home());
      }
    }
    if (t.startsWith("${HOME")
        && t.length() > 6
        && "%#/:".indexOf(t.charAt(6)) >= 0
        && t.indexOf('}') > 0) {
      t = "$HOME" + t.substring(t.indexOf('}') + 1);
    }
    if (t.indexOf("$USER") >= 0 || t.indexOf("${USER}") >= 0) {
      String name = home().getFileName() == null ? "" : home().getFileName().toString();
      t = t.replace("${USER}", name).replace("$USER", name);
    }
    if (t.startsWith("$") || t.startsWith("${")) {
      for (java.util.Map.Entry<String, String> v : FROM_HOME.entrySet()) {
        String rest = afterVariable(t, v.getKey());
        if (rest != null) {
          return home().resolve(v.getValue()) + rest;
        }
      }
      for (String project :
          new String[] {"GITHUB_WORKSPACE", "CI_PROJECT_DIR", "BITBUCKET_CLONE_DIR"}) {
        String rest = afterVariable(t, project);
        if (rest != null && this.project != null) {
          return this.project + rest;
        }
      }
      String venv = afterVariable(t, "VIRTUAL_ENV");
      if (venv != null && this.project != null) {
        return this.project.resolve(".venv") + venv;
      }
      String runnerTemp = afterVariable(t, "RUNNER_TEMP");
      if (runnerTemp != null && hasTemp()) {
        return tempDirs.get(0) + runnerTemp;
      }
    }
    return t;
  }

  /** The home of {@code ~user…}: the person's for their own name, another user's beside it. */
  private Path userHome(String text) {
    int slash = text.indexOf('/');
    String name = slash < 0 ? text.substring(1) : text.substring(1, slash);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!Character.isLetterOrDigit(c) && c != '_' && c != '-' && c != '.') {
        return null;
      }
    }
    Path parent = home().getParent();
    return parent == null ? null : parent.resolve(name);
  }

  private boolean hasTemp() {
    return !tempDirs.isEmpty();
  }

  private static boolean startsWithVariable(String text, String name) {
    return afterVariable(text, name) != null;
  }

  private static String afterVariable(String text, String name) {
    for (String form : new String[] {"$" + name, "${" + name + "}"}) {
      if (text.startsWith(form)) {
        String rest = text.substring(form.length());
        if (rest.isEmpty() || rest.startsWith("/")) {
          return rest;
        }
      }
    }
    // ${TMPDIR:-/tmp}, ${HOME-…}: the variable where it is set, which is what the guard reads it
    // as (the default's word is read too, by the parser's second reading).
    for (String operator : new String[] {":-", "-", ":=", "="}) {
      String form = "${" + name + operator;
      int close = text.indexOf('}');
      if (text.startsWith(form) && close > form.length() - 1) {
        String rest = text.substring(close + 1);
        String fallback = text.substring(form.length(), close);
        // ${CODEX_HOME:-$HOME/.codex}: a default from the home is the variable's own folder too.
        boolean fromHome = fallback.startsWith("$HOME") && fallback.indexOf('$', 1) < 0;
        if ((fallback.indexOf('$') < 0 || fromHome) && (rest.isEmpty() || rest.startsWith("/"))) {
          return rest;
        }
      }
    }
    return null;
  }

  private static Target unknown(String text) {
    return new Target(text, null, false, null);
  }

  private Target target(String raw, Path base, String relative) {
    try {
      int wild = firstWildcard(relative);
      if (wild < 0) {
        Path written = base.resolve(relative);
        Target target = new Target(raw, written.normalize(), false, null);
        if (!disk.none() && relative.contains("..")) {
          asWritten.put(target, written);
        }
        return target;
      }
      int slash = relative.lastIndexOf('/', wild);
      String folder = slash < 0 ? "." : relative.substring(0, slash + 1);
      Path listed = base.resolve(folder).normalize();
      String tail = relative.substring(slash + 1);
      String glob = (listed.toString().endsWith("/") ? listed.toString() : listed + "/") + tail;
      return new Target(raw, listed, true, glob);
    } catch (InvalidPathException e) {
      return unknown(raw);
    }
  }

  /** {@return where the first wildcard of {@code text} is, or -1} */
  static int firstWildcard(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '*' || c == '?' || c == '[') {
        return i;
      }
    }
    return -1;
  }

  /**
   * Where a target is, for deleting, moving or changing it.
   *
   * @param target the target
   * @return its place
   */
  public Place classify(Target target) {
    Path p = target.path();
    if (p == null) {
      return Place.UNKNOWN;
    }
    if (p.getNameCount() == 0) {
      return Place.ROOT;
    }
    Path home = home();
    if (p.equals(home) || home.startsWith(p)) {
      return Place.HOME;
    }
    for (Path temp : tempDirs) {
      if (p.startsWith(temp) && (!p.equals(temp) || target.contents())) {
        if (project == null || !p.equals(project) && !project.startsWith(p)) {
          return Place.TEMP;
        }
      }
    }
    for (Path folder : caches) {
      if (p.startsWith(folder) && (!p.equals(folder) || target.contents())) {
        return Place.TEMP; // caches (and what a glob names in one) are rebuilt by their programs
      }
    }
    if (!tempDirs.contains(p) && isSystem(p)) {
      return Place.SYSTEM;
    }
    Path gateway = gatewayHome();
    if (p.startsWith(gateway) || gateway.startsWith(p) && p.startsWith(home)) {
      return Place.GATEWAY;
    }
    if (project != null) {
      if (p.equals(project)) {
        return Place.PROJECT;
      }
      if (p.startsWith(project)) {
        return Place.INSIDE;
      }
    }
    return Place.OUTSIDE;
  }

  private static boolean isSystem(Path p) {
    String top = p.getName(0).toString();
    if (p.getNameCount() == 1) {
      return SYSTEM_TOP.contains(top);
    }
    return p.getNameCount() == 2 && SYSTEM_PARENTS.contains(top);
  }

  /**
   * Whether the path is a device a write to would destroy ({@code /dev/sda}, {@code /dev/nvme0n1}),
   * not {@code /dev/null} and its kind.
   *
   * @param path the path, or {@code null}
   * @return whether it is such a device
   */
  public static boolean isDisk(Path path) {
    // startsWith compares the paths' bytes: no name is made for the many paths outside /dev.
    return path != null
        && path.startsWith(DEVICES)
        && path.getNameCount() >= 2
        && !SAFE_DEVICES.contains(path.getName(1).toString())
        && !serialPort(path.getName(1).toString());
  }

  /**
   * Whether a device's name is a serial port's or a terminal's ({@code ttyUSB0}, {@code ttyACM0},
   * {@code ttyS0}, {@code ttyAMA0}, macOS's {@code cu.usbserial-1420}): a board's console or a
   * modem, no filesystem on it (decision 100; what is said to it is the hardware rules' to read).
   */
  private static boolean serialPort(String name) {
    return name.startsWith("tty") || name.startsWith("cu.") || name.startsWith("rfcomm");
  }

  /**
   * Whether the path is in the project or a temporary folder.
   *
   * @param target the target
   * @return whether writing there is the agent's own business
   */
  public boolean ownedByAgent(Target target) {
    Place place = classify(target);
    return place == Place.INSIDE || place == Place.TEMP || place == Place.PROJECT;
  }
}
