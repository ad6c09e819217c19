package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Access granted to everyone (decision 122, {@code shapes.everyone-granted}): an access list whose
 * grantee is everyone ({@code smbcacls … "ACL:Everyone:…"}, {@code icacls … /grant Everyone:F}),
 * the other users of a machine given a shared tree ({@code setfacl -R -m o::rwx}, {@code find …
 * -exec chmod o+r}, {@code chmod -R o+w}) outside the project and the temporary folders, or a share
 * made anonymous ({@code --anonymous} beside a permission or a share), everyone or the guest
 * account named as any share tool's grantee ({@link EveryoneGrantees}), a production Vault role
 * bound to every identity of its auth method. What is granted is the data the grant reaches,
 * whoever its owner.
 */
final class EveryoneGrants {
  private EveryoneGrants() {}

  /** What the call grants to everyone, or {@code null}. */
  static String found(Scan scan) {
    for (Step step : scan.steps()) {
      String program = step.program();
      List<Word> args = step.args();
      if (program.equals("smbcacls") || program.equals("icacls") || program.equals("cacls")) {
        for (Word word : args) {
          if (word.text().toLowerCase(Locale.ROOT).contains("everyone:")) {
            return program + " " + word.text();
          }
        }
      } else if (program.equals("setfacl")) {
        String grant = others(args, true);
        if (grant != null && outside(scan, step, args)) {
          return "setfacl " + grant;
        }
      } else if (program.equals("chmod")) {
        boolean listing =
            step.invocation().via().contains("find -exec")
                || step.invocation().via().contains("xargs");
        String grant = others(args, listing || recursive(args));
        if (grant != null && outside(scan, step, args)) {
          return "chmod " + grant;
        }
      } else if (program.equals("vault")) {
        String field = wildcardBinding(args);
        if (field != null && Environments.production(scan, step)) {
          return "vault write " + field;
        }
      } else if (!step.interpreter() && !EveryoneGrantees.WITHIN.inAny(args)) {
        continue; // no word of anyone's (nor --anonymous), and no code: ls, grep, mvn
      } else if (anonymousShare(args)) {
        return program + " --anonymous";
      } else if (EveryoneGrantees.found(program, args) != null) {
        return program + " " + EveryoneGrantees.found(program, args);
      } else {
        String granted = ModesInCode.othersWrite(scan, step);
        if (granted != null) {
          return granted;
        }
      }
    }
    return null;
  }

  /**
   * {@code vault write auth/…/role/NAME bound_service_account_names='*'} (decision 191): a role of
   * an auth method bound to every identity it knows (every service account, namespace, claim or
   * address), so that anything the method authenticates logs in as the role and reads what its
   * policies give; the field, or null.
   */
  private static String wildcardBinding(List<Word> args) {
    if (args.size() < 3 || !args.get(0).text().equals("write")) {
      return null;
    }
    int at = 1;
    while (at < args.size() - 1 && args.get(at).text().startsWith("-")) {
      at++; // vault write -namespace=admin auth/…
    }
    String path = args.get(at).text();
    if (!path.startsWith("auth/") || !path.contains("/role/")) {
      return null;
    }
    for (Word word : args.subList(at + 1, args.size())) {
      String text = word.text();
      if (text.startsWith("bound_") && (text.endsWith("=*") || text.contains("=*,"))) {
        return text;
      }
    }
    return null;
  }

  /**
   * A mode or an entry that gives the others ({@code o}, {@code a}, {@code other::}) a right: any
   * right where the whole tree is given, writing anywhere.
   */
  private static String others(List<Word> args, boolean tree) {
    for (Word word : args) {
      String text = word.text();
      if (text.length() > 64 || text.startsWith("--")) {
        continue;
      }
      for (String clause : text.split(",")) {
        String rights = null;
        if (clause.startsWith("o::") || clause.startsWith("other::")) {
          rights = clause.substring(clause.indexOf("::") + 2);
        } else if (clause.startsWith("o+")
            || clause.startsWith("a+")
            || clause.startsWith("go+")
            || clause.startsWith("ugo+")) {
          rights = clause.substring(clause.indexOf('+') + 1);
        }
        if (rights != null && (rights.contains("w") || tree && rights.contains("r"))) {
          return text;
        }
        if (ModesInCode.othersWrite(clause) && !devicesOnly(args)) {
          return text; // chmod 666, chmod 0777: the others' digit writes
        }
      }
    }
    return null;
  }

  /** A mode given to devices alone ({@code chmod 666 /dev/ttyUSB0}): a developer's serial port. */
  private static boolean devicesOnly(List<Word> args) {
    boolean device = false;
    for (Word word : args) {
      String text = word.text();
      if (text.startsWith("/") || text.startsWith("~")) {
        if (!text.startsWith("/dev/")) {
          return false;
        }
        device = true;
      }
    }
    return device;
  }

  private static boolean recursive(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      if (text.equals("-R") || text.equals("--recursive") || text.matches("-[a-zA-Z]*R[a-zA-Z]*")) {
        return true;
      }
    }
    return false;
  }

  /**
   * A path the grant reaches that is neither the project's nor a temporary folder's: among its
   * words, or where a listing feeds it ({@code find /srv/x -exec chmod o+r {} +}), among the
   * call's.
   */
  private static boolean outside(Scan scan, Step step, List<Word> args) {
    if (outside(scan, args)) {
      return true;
    }
    if (step.invocation().via().isEmpty()) {
      return false;
    }
    for (Step other : scan.steps()) {
      if (other != step && outside(scan, other.args())) {
        return true;
      }
    }
    return false;
  }

  private static boolean outside(Scan scan, List<Word> args) {
    for (Word word : args) {
      if (outside(scan, word.text())) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code text} is a path neither the project's nor a temporary folder's. */
  static boolean outside(Scan scan, String text) {
    if (!text.startsWith("/") && !text.startsWith("~")) {
      return false;
    }
    if (text.startsWith("/tmp") || text.startsWith("/var/tmp")) {
      return false;
    }
    Path project = scan.call().project();
    return project == null || !text.startsWith(project.toString());
  }

  private static boolean anonymousShare(List<Word> args) {
    boolean anonymous = false;
    boolean grant = false;
    for (Word word : args) {
      String text = word.text().toLowerCase(Locale.ROOT);
      anonymous |= text.equals("--anonymous") || text.equals("--anonymous-access");
      grant |=
          text.startsWith("permission")
              || text.startsWith("acl")
              || text.equals("share")
              || text.equals("--permissions");
    }
    return anonymous && grant;
  }
}
