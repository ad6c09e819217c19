package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The machine's own defences worked around (issue 80, round 5, decision 104): a kernel module
 * loaded from a file, a file's times set back after its text changed, the modes of every file of
 * the home changed by inline code. Each reads one program's words or its inline code, bounded by
 * the code's own bound ({@link InterpreterCode}).
 */
final class TamperPredicates {
  private TamperPredicates() {}

  /** A kernel module's file: a path, or a name with a module's ending. */
  private static final Pattern MODULE_FILE =
      Pattern.compile("(?:.*/.*|.*\\.ko(?:\\.(?:xz|zst|gz))?)");

  /** What sets a file's access and modification times in inline code. */
  private static final String[] SETS_TIMES = {
    "utime(", "utimes(", "utimesSync(", "futimes(", "lutimes(", "os.utime", "File.utime"
  };

  /** What writes a file's text in inline code. */
  private static final String[] WRITES = {
    "write(",
    "writeFileSync(",
    "writeFile(",
    "write_text(",
    "write_bytes(",
    "File.write",
    "IO.write",
    "file_put_contents(",
    "open(" // with a mode that writes: checked below
  };

  /** What walks every file below a folder in inline code: read by {@link SharedSystems} too. */
  static final String[] WALKS = {
    "os.walk(",
    "rglob(",
    "glob(",
    "Find.find",
    "readdirSync(",
    "readdir(",
    "Dir.glob",
    "walk(",
    "Dir["
  };

  /** What changes a file's mode or owner in inline code. */
  private static final String[] MODES = {"chmod(", "chown(", "lchmod(", "chmodSync(", "chownSync("};

  /** How inline code names the home. */
  private static final String[] HOME = {
    "expanduser(",
    "Path.home()",
    "homedir()",
    "Dir.home",
    "ENV['HOME']",
    "ENV[\"HOME\"]",
    "environ['HOME']",
    "environ[\"HOME\"]",
    "getenv('HOME')",
    "getenv(\"HOME\")",
    "process.env.HOME",
    "$ENV{HOME}",
    "'/home/",
    "\"/home/",
    "'/Users/",
    "\"/Users/"
  };

  /** The folders that hold code a package manager installed: a dependency's, or the system's. */
  private static final Pattern DEPENDENCY_PLACE =
      Pattern.compile(
          "(?:^|/)(?:node_modules|site-packages|dist-packages|vendor|\\.venv|venv|\\.m2|\\.gradle"
              + "|\\.cargo/registry|go/pkg/mod|\\.gem|gems|bower_components|Pods)/"
              + "|^/(?:usr|bin|sbin|lib|lib64|etc|opt|boot)/");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("module-file", TamperPredicates::moduleFile);
    named.put("code-restores-times", (scan, step, read) -> restoresTimes(InterpreterCode.of(step)));
    named.put("times-of-dependency", TamperPredicates::timesOfDependency);
    named.put("code-modes-home", (scan, step, read) -> modesOfHome(InterpreterCode.of(step)));
    named.put("boot-weakened", TamperPredicates::bootWeakened);
  }

  /**
   * A kernel command line's settings that open the machine at boot or take its protections off: a
   * root shell for init, SELinux or AppArmor off, unsigned modules allowed, the lockdown lifted.
   */
  private static final Pattern WEAK_BOOT =
      Pattern.compile(
          "\\binit=/(?:usr/)?bin/(?:ba|da|z)?sh\\b|\\brd\\.break\\b|\\bselinux=0|\\benforcing=0"
              + "|\\bapparmor=0|\\bsecurity=none|module\\.sig_enforce=0|\\blockdown=none"
              + "|\\bsystemd\\.debug[-_]shell\\b|\\brd\\.shell\\b|\\bmitigations=off\\b|\\bnopti\\b|\\bpti=off"
              + "|\\bnospectre_v[12]\\b|\\bspectre_v[12]=off|\\bspec_store_bypass_disable=off"
              + "|\\b(?:mds|l1tf|tsx_async_abort|retbleed|srbds|mmio_stale_data|gather_data_sampling)=off"
              + "|\\b(?:intel_|amd_)?iommu=off|\\baudit=0|\\bima_appraise=off|\\blsm=(?:\\s|$|\"|')"
              + "|\\bsystemd\\.unit=(?:emergency|rescue)\\.target");

  /** The files a boot loader reads the kernel's command line from. */
  private static final Pattern BOOT_FILE =
      Pattern.compile(
          "/etc/default/grub|/boot/grub2?/|/boot/loader/entries/|/etc/kernel/cmdline|/proc/cmdline|cmdline\\.txt");

  /** The programs that set the kernel's command line by their options. */
  private static final java.util.Set<String> BOOT_TOOLS =
      NameSet.of("grubby", "kernelstub", "grub-editenv", "grub2-editenv", "rpm-ostree");

  /**
   * A program that writes a weakening setting into the kernel's command line: {@code sed -i
   * '…init=/bin/bash…' /etc/default/grub}, {@code grubby --args=selinux=0}, {@code echo … | tee
   * /etc/kernel/cmdline}.
   */
  private static boolean bootWeakened(Scan scan, Step step, Read read) {
    boolean tool = BOOT_TOOLS.contains(step.program());
    boolean weak = false;
    boolean file = tool;
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() > 4096) {
        continue;
      }
      weak |= weakBoot(text);
      file |= bootFile(text);
    }
    for (io.github.providergateway.guard.shell.Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes() && redirect.target() != null) {
        file |= bootFile(redirect.target().text());
      }
      if (redirect.body() != null && redirect.body().length() <= 8192) {
        weak |= weakBoot(redirect.body());
      }
    }
    if (file && !weak && step.program().equals("tee")) {
      String source = scan.source(); // echo 'rd.break …' | tee /etc/kernel/cmdline
      weak = source != null && source.length() <= 8192 && weakBoot(source);
    }
    return weak && file;
  }

  /**
   * Whether a text sets a weakening setting ({@link #WEAK_BOOT}), tried only where it holds a part
   * every alternative has: asked of every word of every echo, sed and tee of a long command.
   */
  static boolean weakBoot(String text) {
    return (text.indexOf('=') >= 0
            || text.contains("rd.")
            || text.contains("systemd.debug")
            || text.contains("nop"))
        && PatternLiterals.finds(WEAK_BOOT, text);
  }

  /** Whether a text names a file of the kernel's command line ({@link #BOOT_FILE}), likewise. */
  private static boolean bootFile(String text) {
    return (text.contains("grub") || text.contains("cmdline") || text.contains("/boot/loader/"))
        && PatternLiterals.finds(BOOT_FILE, text);
  }

  /** {@code modprobe ./x.ko}, {@code modprobe /tmp/x.ko}: a module loaded from a file. */
  private static boolean moduleFile(Scan scan, Step step, Read read) {
    for (Word word : read.argv().positionals()) {
      if (PatternLiterals.matches(MODULE_FILE, word.text())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Inline code that writes a file and sets its times: the change hidden from whoever looks for
   * files changed since ({@code File.utime(t, t, f)} after {@code File.write(f, …)}).
   */
  static boolean restoresTimes(String code) {
    if (code == null || !CodeArguments.containsAny(code, SETS_TIMES)) {
      return false;
    }
    for (String write : WRITES) {
      int at = code.indexOf(write);
      if (at >= 0 && (!write.equals("open(") || opensForWriting(code, at))) {
        return true;
      }
    }
    return false;
  }

  /** An {@code open(} whose mode writes: {@code 'w'}, {@code 'a'}, {@code 'r+'} in its call. */
  private static boolean opensForWriting(String code, int at) {
    int end = code.indexOf(')', at);
    String call = code.substring(at, end < 0 ? Math.min(code.length(), at + 200) : end);
    return call.matches("(?s).*['\"](?:[wa]b?\\+?|r\\+b?|rb\\+)['\"].*");
  }

  /**
   * {@code touch -r REF FILE}, {@code touch -d DATE FILE}: a file of a dependency or of the system
   * given another time than now.
   */
  private static boolean timesOfDependency(Scan scan, Step step, Read read) {
    List<Word> args = step.args();
    boolean dated = false;
    for (Word word : args) {
      String t = word.text();
      if (t.equals("-r")
          || t.equals("-d")
          || t.equals("-t")
          || t.startsWith("--reference")
          || t.startsWith("--date")) {
        dated = true;
      }
    }
    if (!dated) {
      return false;
    }
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.startsWith("-")) {
        if (t.equals("-r") || t.equals("-d") || t.equals("-t")) {
          i++; // its value
        }
        continue;
      }
      for (Target target : scan.targets(step, args.get(i))) {
        Path path = target.path();
        if (path != null && PatternLiterals.finds(DEPENDENCY_PLACE, path.toString())) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Inline code that changes the mode or owner of every file it walks below the home ({@code
   * os.chmod(p, 0)} over {@code os.walk(os.path.expanduser('~'))}).
   */
  static boolean modesOfHome(String code) {
    return code != null
        && CodeArguments.containsAny(code, MODES)
        && CodeArguments.containsAny(code, WALKS)
        && (CodeArguments.containsAny(code, HOME) || homeTilde(code));
  }

  private static boolean homeTilde(String code) {
    return code.contains("'~'") || code.contains("\"~\"") || code.contains("'~/'");
  }
}
