package io.github.providergateway.guard.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Edits that open what they configure to everyone (decision 146, {@code loosens.opened-to-world},
 * {@code loosens.environment-served}), read from the lines an edit tool's call adds: the harm is
 * done later by an ordinary apply, deploy or restart, so it is judged where it is written. A policy
 * granting anyone ({@code "Principal": "*"}, {@code allUsers}), a public ACL or the public-access
 * block turned off; an administration or database port opened to {@code 0.0.0.0/0}; ssh's password,
 * empty-password or root login turned on; a mail domain's SPF ending {@code +all}; since decision
 * 307 an address list that held a range given everyone ({@code 10.0.0.0/8} to {@code 0.0.0.0/0},
 * nginx's {@code allow all;}), whatever it guards; a route that answers with the whole environment
 * ({@code res.json(process.env)}). Files the book reads as ordinary (tests, fixtures, docs, a local
 * configuration) are not read.
 */
final class WorldOpenings {
  private WorldOpenings() {}

  private static final int READ = 64 * 1024;

  /** Added lines that grant everyone, by what they say. */
  private static final Map<String, Pattern> GRANTS =
      Map.of(
          "a policy whose principal is everyone",
          Pattern.compile(
              "\"Principal\"\\s*:\\s*(?:\"\\*\"|\\{\\s*\"AWS\"\\s*:\\s*\\[?\\s*\"\\*\")"
                  + "|\\bidentifiers\\s*=\\s*\\[\\s*\"\\*\"\\s*\\]|\\bPrincipal:\\s*['\"]?\\*"),
          "a grant to allUsers",
          Pattern.compile("['\"=:\\s\\[]allUsers\\b|['\"=:\\s\\[]allAuthenticatedUsers\\b"),
          "a public ACL",
          Pattern.compile(
              "(?i)\\b(?:acl|canned_acl|x-amz-acl|ACL)\\b['\"]?\\s*[=:]\\s*['\"]?public-read"),
          "the public-access block turned off",
          Pattern.compile(
              "(?i)\\b(?:block_public_acls|block_public_policy|ignore_public_acls"
                  + "|restrict_public_buckets|BlockPublicAcls|BlockPublicPolicy|IgnorePublicAcls"
                  + "|RestrictPublicBuckets)\\b['\"]?\\s*[=:]\\s*['\"]?false"
                  + "|\\b(?:allow_blob_public_access|allowBlobPublicAccess)\\b['\"]?\\s*[=:]\\s*"
                  + "['\"]?true"),
          "ssh's password, empty-password or root login turned on",
          Pattern.compile(
              "(?i)^\\s*(?:-\\s*)?['\"]?(?:PasswordAuthentication|PermitRootLogin"
                  + "|PermitEmptyPasswords|ssh_?(?:d_)?(?:password_authentication|permit_root_login"
                  + "|permit_empty_passwords))['\"]?\\s*[:=\\s]\\s*['\"]?(?:yes|true)\\b"),
          "a mail domain's SPF that passes every server",
          Pattern.compile("v=spf1\\b[^\"'\\n]*\\s\\+all\\b"));

  /** A port of administration or of a data store, as an added line names it. */
  private static final Pattern ADMIN_PORT =
      Pattern.compile(
          "(?i)\\b(?:from_port|to_port|port|ports|FromPort|ToPort|destination_port_range"
              + "|port_range)\\b['\"]?\\s*[=:]\\s*\\[?\\s*['\"]?(22|3389|5432|3306|1433|1521|6379"
              + "|27017|9200|5900|2375|2376|445|11211|5984|9042)\\b");

  private static final Pattern WORLD =
      Pattern.compile("['\"\\[\\s=:]0\\.0\\.0\\.0/0\\b|['\"]::/0['\"]");

  /** A route's answer, or a page's, that is the whole environment. */
  private static final Pattern ENVIRONMENT_SERVED =
      Pattern.compile(
          "\\b(?:res|response|reply)\\s*\\.\\s*(?:status\\([^)]*\\)\\s*\\.\\s*)?(?:json|send)"
              + "\\s*\\(\\s*(?:\\{\\s*\\.\\.\\.\\s*)?process\\.env\\b(?!\\s*[.\\[])"
              + "|\\bctx\\.body\\s*=\\s*(?:\\{\\s*\\.\\.\\.\\s*)?process\\.env\\b(?!\\s*[.\\[])"
              + "|\\b(?:Response|NextResponse)\\.json\\(\\s*(?:\\{\\s*\\.\\.\\.\\s*)?process\\.env\\b(?!\\s*[.\\[])"
              + "|\\b(?:jsonify|JsonResponse)\\(\\s*(?:dict\\()?\\s*os\\.environ\\b(?!\\s*[.\\[])");

  /**
   * What the call's edit opens to everyone, as the reason shows it, or null.
   *
   * @param call the call
   * @return what it opens, or null
   */
  static String opened(CallForRules call) {
    return EditCalls.read(call, WorldOpenings::opened);
  }

  /**
   * Whether the call's edit makes a route answer with the whole environment, as shown, or null.
   *
   * @param call the call
   * @return the line, or null
   */
  static String environmentServed(CallForRules call) {
    return EditCalls.read(
        call,
        (old, now, files) -> {
          for (String file : files) {
            if (CheckFiles.servesNobody(file)) {
              return null;
            }
          }
          for (String line : added(old, now)) {
            if (PatternLiterals.finds(ENVIRONMENT_SERVED, line)) {
              return line.strip();
            }
          }
          return null;
        });
  }

  static String opened(String old, String now, List<String> files) {
    if (ordinary(files)) {
      return null;
    }
    List<String> added = added(old, now);
    for (String line : added) {
      for (Map.Entry<String, Pattern> grant : GRANTS.entrySet()) {
        if (grant.getValue().matcher(line).find()) {
          return grant.getKey() + ": " + line.strip();
        }
      }
    }
    // An address for everyone the edit adds, and a port of administration in its rule: the
    // lines about it in the new text (an edit's unchanged context too), an egress rule's aside.
    Set<String> put = new HashSet<>(added);
    String[] lines = clip(now).split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (!put.contains(lines[i]) || !PatternLiterals.finds(WORLD, lines[i])) {
        continue;
      }
      boolean egress = false;
      String port = null;
      for (int k = Math.max(0, i - NEAR); k < Math.min(lines.length, i + NEAR + 1); k++) {
        String lower = lines[k].toLowerCase(Locale.ROOT);
        egress |= lower.contains("egress") && !lower.contains("ingress");
        Matcher admin = ADMIN_PORT.matcher(lines[k]);
        port = port == null && admin.find() ? admin.group(1) : port;
      }
      if (port != null && !egress) {
        return "port " + port + " opened to everyone: " + lines[i].strip();
      }
      if ((!egress || keptBeside(lines[i]))
          && old != null
          && PatternLiterals.finds(NARROW, clip(old))) {
        return "an address list that held a range opened to everyone: " + lines[i].strip();
      }
    }
    for (String line : added) {
      if (PatternLiterals.finds(ALLOW_ALL, line)
          && old != null
          && PatternLiterals.finds(ALLOWS_RANGE, clip(old))) {
        return "an address list that held a range opened to everyone: " + line.strip();
      }
    }
    return null;
  }

  /**
   * A range of addresses narrower than everyone's, as the text an edit replaces holds it ({@code
   * 10.40.0.0/16}, decision 307): the list it stood in let some in, and an edit that adds {@code
   * 0.0.0.0/0} beside or for it lets everyone in, whatever the list guards (a RADIUS server's
   * clients, a security group, an admin page), port named or not.
   */
  private static final Pattern NARROW =
      Pattern.compile("\\b(?!0\\.0\\.0\\.0/0\\b)\\d{1,3}(?:\\.\\d{1,3}){3}/\\d{1,2}\\b");

  /**
   * Whether a line that gives everyone keeps a narrower range beside it: a list of what may pass
   * (an egress allow list of a secure environment, {@code egress_cidrs = ["10.40.0.0/16",
   * "0.0.0.0/0"]}) widened to everyone, not a rule set to the all-outbound a cloud gives by default
   * ({@code egress { cidr_blocks = ["0.0.0.0/0"] }}, the egress aside).
   */
  private static boolean keptBeside(String line) {
    return PatternLiterals.finds(NARROW, line);
  }

  /** A web server's address list opened to all: nginx's {@code allow all;}. */
  private static final Pattern ALLOW_ALL = Pattern.compile("^\\s*allow\\s+all\\s*;");

  /** A web server's address list that let a range or an address in: {@code allow 10.0.0.0/8;}. */
  private static final Pattern ALLOWS_RANGE =
      Pattern.compile("(?m)^\\s*allow\\s+\\d{1,3}(?:\\.\\d{1,3}){3}");

  /** How many lines either side of an address are read as its rule. */
  private static final int NEAR = 6;

  /** The lines of {@code now} that {@code old} does not hold, read up to a bound. */
  private static List<String> added(String old, String now) {
    Set<String> before = new HashSet<>();
    for (String line : clip(old).split("\n", -1)) {
      before.add(line.strip());
    }
    List<String> out = new java.util.ArrayList<>();
    for (String line : clip(now).split("\n", -1)) {
      if (!line.isBlank() && !before.contains(line.strip()) && !comment(line)) {
        out.add(line);
      }
    }
    return out;
  }

  private static boolean comment(String line) {
    String s = line.strip();
    return s.startsWith("#") || s.startsWith("//");
  }

  private static boolean ordinary(List<String> files) {
    for (String file : files) {
      String lower = file.toLowerCase(Locale.ROOT);
      if (CheckFiles.ordinary(file) || lower.endsWith(".md") || lower.endsWith(".txt")) {
        return true;
      }
    }
    return false;
  }

  private static String clip(String text) {
    return text.length() > READ ? text.substring(0, READ) : text;
  }
}
