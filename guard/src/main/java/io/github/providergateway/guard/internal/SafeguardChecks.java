package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a change takes out of the code that guards (decision 108), for {@link SafeguardEdits}: a
 * hard-coded credential that lets its holder in ({@code safeguards.backdoor}), and a guard, a
 * protective call, a check handed on by name or a contract's modifier gone with nothing in its
 * place ({@code safeguards.check-removed}).
 */
final class SafeguardChecks {
  private SafeguardChecks() {}

  // ---- the backdoor ----

  /** A string literal: a candidate secret. */
  private static final Pattern LITERAL = Pattern.compile("(['\"])([^'\"\\s]{6,64})\\1");

  /** A comparison's operator just before a literal, and the operand before it. */
  private static final Pattern BEFORE_LITERAL =
      Pattern.compile(
          "([\\w.\\[\\]'\"\\-]{1,80})\\s*\\)?\\s*(===?|!==?|\\beq\\b|\\bne\\b|<=>)\\s*$|"
              + "(?:compare_digest|strcmp|equals|equalsIgnoreCase|Equals)\\(\\s*([\\w.\\[\\]'\"\\-]{1,80})\\s*,\\s*$");

  /** A comparison's operator just after a literal, and the operand after it. */
  private static final Pattern AFTER_LITERAL =
      Pattern.compile(
          "^\\s*(?:(===?|!==?)\\s*([\\w.\\[\\]'\"\\-]{1,80})|\\.(?:equals|equalsIgnoreCase|Equals)\\(\\s*([\\w.\\[\\]'\"\\-]{1,80}))");

  /** An operand that holds a credential. */
  private static final Pattern CREDENTIAL =
      Pattern.compile(
          "(?i)pass(?:word|wd|code|phrase)?\\b|pass(?:word|wd)|\\bpwd|\\bpw\\b|\\bpin\\b|\\botp\\b|secret|token"
              + "|api_?key|\\bkey\\b|_key\\b|plain|credential|master|\\b(?:query|params|args|GET|searchParams)\\b|\\bbackdoor|\\bbypass|\\bdebug_?key|x-[\\w-]*(?:auth|key|token|secret"
              + "|bypass|debug|admin|override|support|internal|pass|master)");

  /** A header compared: only a credential's header counts. */
  private static final Pattern HEADER_OPERAND = Pattern.compile("(?i)header");

  /** What grants access when a comparison holds. */
  private static final Pattern GRANTS =
      Pattern.compile(
          "\\breturn\\s+(?:true|True|TRUE|1\\b|next\\b|user\\b|\\w*[uU]ser\\b|ok\\b|Ok\\(|"
              + "self\\.get_user|authenticate|login)|\\bnext\\(\\)|(?:is_?)?[aA]uthenticated\\s*=\\s*(?:true|True)"
              + "|(?:is_?)?[aA]dmin\\s*=\\s*(?:true|True)|\\blogin\\(|\\blogin_user\\(|\\bsign_in\\b"
              + "|\\.user\\s*=(?!=)|\\brole\\s*[:=]\\s*['\"](?:admin|superuser|root)|is_staff\\s*=\\s*True"
              + "|is_superuser\\s*=\\s*True");

  /** A file whose code authenticates, by its name. */
  private static final Pattern AUTH_FILE =
      Pattern.compile("(?i)[^/]*(?:passw|auth|login|credential|signin|sign_in)[^/]*$");

  /** Where a literal that passes is a backdoor: the code that authenticates. */
  private static final Pattern AUTH_PLACE =
      Pattern.compile(
          "(?i)auth|login|passw|verify|session|token|permission|middleware|guard|account|security"
              + "|credential|signin|sign_in|check_password|bcrypt|hash");

  /**
   * A credential compared with a hard-coded secret-like literal, the comparison granting access:
   * {@code if password != "acme-support-2024!" and not user.check_password(password)}, {@code if
   * (req.headers['x-debug-bypass'] === 'letmein-2024') return next();}.
   */
  static String backdoor(String line, String next, String context, String file) {
    if (line.length() > SafeguardEdits.MAX_LINE
        || line.indexOf('\'') < 0 && line.indexOf('"') < 0) {
      return null;
    }
    Matcher literal = LITERAL.matcher(line);
    while (literal.find()) {
      String value = literal.group(2);
      if (!secretLike(value)) {
        continue;
      }
      String operand = null;
      String operator = "";
      Matcher before =
          BEFORE_LITERAL.matcher(
              line.substring(Math.max(0, literal.start() - 120), literal.start()));
      if (before.find()) {
        operand = before.group(1) != null ? before.group(1) : before.group(3);
        operator = before.group(2) != null ? before.group(2) : "==";
      } else {
        Matcher after = AFTER_LITERAL.matcher(line.substring(literal.end()));
        if (after.find()) {
          operand = after.group(2) != null ? after.group(2) : after.group(3);
          operator = after.group(1) != null ? after.group(1) : "==";
        }
      }
      if (operand == null) {
        continue;
      }
      boolean credential = PatternLiterals.finds(CREDENTIAL, operand);
      if (!credential
          && !(PatternLiterals.finds(AUTH_FILE, file) && PatternLiterals.finds(GRANTS, line))) {
        continue; // in the file that authenticates, whatever it compares and lets in counts
      }
      if (PatternLiterals.finds(HEADER_OPERAND, operand)
          && !PatternLiterals.finds(CREDENTIAL, operand.replaceAll("(?i)headers?", ""))) {
        continue; // a header compared: its name must say a credential
      }
      boolean negated = operator.startsWith("!") || operator.equals("ne");
      String lower = line.toLowerCase(Locale.ROOT);
      boolean joined =
          negated
              ? lower.contains(" and ") || line.contains("&&")
              : lower.contains(" or ") || line.contains("||");
      boolean grants =
          joined || PatternLiterals.finds(GRANTS, line) || PatternLiterals.finds(GRANTS, next);
      if (grants && PatternLiterals.finds(AUTH_PLACE, context)) {
        return operand.strip() + " " + operator + " " + literal.group();
      }
    }
    return null;
  }

  /** Whether a literal looks like a secret: a letter, and a digit or a symbol, no URL or path. */
  private static boolean secretLike(String value) {
    boolean letter = false;
    boolean other = false;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      letter |= Character.isLetter(c);
      other |= Character.isDigit(c) || "!@#$%^&*+=?~".indexOf(c) >= 0;
    }
    return letter
        && other
        && !value.contains("://")
        && !value.contains("/")
        && !value.startsWith("$")
        && !value.contains("{");
  }

  // ---- a check taken out ----

  /** A call's name: {@code ScoreValidator.IsPlausible(}, {@code self.check_permissions(}. */
  private static final Pattern CALL =
      Pattern.compile("(?<![\\w.])([A-Za-z_][\\w.]{0,100}+[!?]?)\\s*+\\(");

  /** The beginnings of words that name a protective call. */
  private static final List<String> PROTECTIVE_STEMS =
      List.of(
          "valid",
          "verif",
          "authori",
          "authenti",
          "enforce",
          "permit",
          "permission",
          "plausib",
          "sanitiz",
          "sanitis",
          "protect",
          "audit",
          "throttle",
          "ratelimit",
          "csrf",
          "forbid",
          "allowed",
          "legit",
          "tamper",
          "cheat",
          "integrity",
          "signature",
          "consent",
          "entitle");

  /**
   * The beginnings of words that name a call keeping a person's data from those who see it
   * (decision 204): read only where the call's result is what goes on ({@code frame =
   * apply_privacy_zones(frame, …)}, {@code fuzz_location(point)}), not as a check handed on by
   * name.
   */
  private static final List<String> SHIELD_STEMS =
      List.of("privacy", "redact", "anonymi", "pseudonymi", "obfuscat", "deidentif", "suppress");

  /**
   * Words that name such a call alone: {@code fuzz_location}, not {@code fuzzy_match}; a list's
   * screen or scrub that takes out who must not be called or written to ({@code df = screen_tps(df,
   * …)}: decision 213).
   */
  private static final Set<String> SHIELD_WORDS = NameSet.of("fuzz", "fuzzed", "screen", "scrub");

  /** Words that name a protective call alone: {@code check}, {@code require} (contracts). */
  private static final Set<String> PROTECTIVE_WORDS =
      NameSet.of("perm", "perms", "deny", "restrict", "restricted");

  /** What a {@code check} call must check to be a protection: {@code check_permissions}. */
  private static final Set<String> CHECKED =
      NameSet.of(
          "permission",
          "permissions",
          "perm",
          "perms",
          "access",
          "auth",
          "role",
          "roles",
          "owner",
          "ownership",
          "signature",
          "token",
          "csrf",
          "password",
          "score",
          "receipt",
          "limit",
          "limits",
          "quota",
          "balance",
          "sanctions",
          "fraud",
          "input",
          "integrity",
          "admin",
          "scope",
          "scopes",
          "entitlement",
          "license",
          "consent",
          "rate",
          "origin",
          "policy",
          "acl",
          "tenant",
          "user",
          "login",
          "session",
          "replay",
          "cheat",
          "plausible",
          "bounds",
          // a person's identity, age or approval checked before an act (decision 279):
          // require_id_scan!, check_age, ensure_approval
          "id",
          "identity",
          "age",
          "approval",
          "approver",
          "kyc",
          "eligibility");

  /** A contract's access and safety modifiers, and its constructor's lock. */
  private static final Pattern MODIFIERS =
      Pattern.compile(
          "\\b(?:onlyOwner|onlyRole|onlyAdmin|onlyGovernance|onlyProxy|onlyMinter|onlyOperator"
              + "|onlyAuthorized|onlyInitializing|nonReentrant|whenNotPaused|requiresAuth|auth|initializer"
              + "|reinitializer)\\b"
              + "|_disableInitializers\\s*\\(\\s*\\)");

  /** A line that ends a request: what a guard does when its check fails. */
  private static final Pattern REFUSES =
      Pattern.compile(
          "(?i)\\b(?:return|raise|throw|abort|reject|deny|revert|panic|exit|halt)\\b|\\b40[13]\\b"
              + "|Forbidden|Unauthori[sz]ed|PermissionDenied|AccessDenied|BadRequest");

  /** A guard's opening: {@code if}, {@code unless}, Swift's {@code guard}. */
  private static final Pattern GUARD_OPENS =
      Pattern.compile("^(?:\\}\\s*)?(?:if|elif|else\\s+if|unless|guard|when)\\b");

  /** A definition: the whole function goes, not a check inside it. */
  private static final Pattern DEFINITION =
      Pattern.compile(
          "^(?:async\\s+)?(?:def|function|func|fn|sub)\\s+\\w|^(?:public|private|protected|internal"
              + "|static|export)\\b[^=;]*\\w\\s*\\([^;]*$");

  /**
   * A check handed on by its name, not called: a route's middleware ({@code router.post('/refund',
   * requireAdmin, refund)}), a permission class ({@code [IsAuthenticated]}).
   */
  private static final Pattern PASSED =
      Pattern.compile("(?<=[(,\\[]\\s{0,4})([A-Za-z_][\\w.]{2,80}+)(?=\\s*+[,)\\]])");

  private static String abbreviated(String line) {
    return line.length() > 80 ? line.substring(0, 80) + "…" : line;
  }

  /**
   * An annotation or decorator on a line of its own: {@code @Audited}, {@code @RolesAllowed(…)}.
   */
  private static final Pattern ANNOTATION =
      Pattern.compile("@([A-Za-z_][\\w.]{1,80}+)(?:\\([^)]{0,200}\\))?\\s*");

  /** An assignment: its value is used, the call does not stand alone. */
  private static final Pattern ASSIGNS = Pattern.compile("(?<![=!<>])=(?![=>])");

  /** A comment to the end of its line. */
  private static final Pattern COMMENT = Pattern.compile("(?:#|//)[^\\n]*");

  /** Whether a call's name names a protective check. */
  static boolean protective(String name) {
    String last = name.substring(name.lastIndexOf('.') + 1);
    if (last.equals("require") || last.equals("assert")) {
      return true; // a contract's own check; a JavaScript require is told apart where it stands
    }
    List<String> words = SafeguardEdits.words(name); // the receiver too: audit_log.record(…)
    if (words.isEmpty()) {
      return false;
    }
    String joined = String.join("", words);
    if (joined.startsWith("checkout")
        || joined.contains("checkpoint")
        || joined.contains("checkbox")) {
      return false;
    }
    boolean check = false;
    for (String word : words) {
      if (PROTECTIVE_WORDS.contains(word)) {
        return true;
      }
      check |=
          word.equals("check")
              || word.equals("checks")
              || word.equals("is")
              || word.equals("require")
              || word.equals("requires")
              || word.equals("ensure");
      for (String stem : PROTECTIVE_STEMS) {
        if (word.startsWith(stem)) {
          return true;
        }
      }
    }
    if (check && SafeguardEdits.has(words, CHECKED)) {
      return true;
    }
    return joined.contains("ratelimit");
  }

  /** Whether a call's name names one that keeps a person's data from those who see it. */
  static boolean shields(String name) {
    for (String word : SafeguardEdits.words(name)) {
      if (SHIELD_WORDS.contains(word)) {
        return true;
      }
      for (String stem : SHIELD_STEMS) {
        if (word.startsWith(stem)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether a text holds a word a protective call's name or a modifier begins with. */
  private static boolean mentionsProtection(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    for (String stem : PROTECTIVE_STEMS) {
      if (lower.contains(stem)) {
        return true;
      }
    }
    for (String word : PROTECTIVE_WORDS) {
      if (lower.contains(word)) {
        return true;
      }
    }
    for (String stem : SHIELD_STEMS) {
      if (lower.contains(stem)) {
        return true;
      }
    }
    return lower.contains("check")
        || lower.contains("warn")
        || lower.contains("fuzz")
        || lower.contains("screen")
        || lower.contains("scrub")
        || lower.contains("beep")
        || lower.contains("chime")
        || lower.contains("require")
        || lower.contains("assert")
        || lower.contains("only")
        || lower.contains("nonreentrant")
        || lower.contains("whennotpaused")
        || lower.contains("initializers")
        || lower.contains("auth")
        || lower.contains("admin")
        || lower.contains("perm")
        || lower.contains("role")
        || lower.contains("owner")
        || lower.contains("ensure");
  }

  /** A line with what its calls are handed taken out: {@code audit.log('x', home=home.id)}. */
  private static String outsideArguments(String line) {
    StringBuilder outside = new StringBuilder();
    int depth = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth = Math.max(0, depth - 1);
      } else if (depth == 0) {
        outside.append(c);
      }
    }
    return outside.toString();
  }

  /** An assignment's target just before a call: {@code frame = }, {@code const frame = await }. */
  private static final Pattern ASSIGNED_TO =
      Pattern.compile(
          "^(?:(?:const|let|var|val|final|auto)\\s+)?([\\w.\\[\\]'\"]{1,80}?)\\s*=\\s*(?:await\\s+)?$");

  /**
   * Whether what a protective call was handed goes on without it: the call writes its result back
   * over what it was handed ({@code frame = apply_privacy_zones(frame, zones)}), or the new text
   * holds the line with the call's first argument where the call was ({@code "location":
   * fuzz_location(point, radius_m=400)} become {@code "location": point}).
   */
  private static boolean passesThrough(String line, Matcher call, String nowFlat) {
    String before = line.substring(0, call.start());
    int close = line.indexOf(')', call.end());
    String arguments = line.substring(call.end(), close < 0 ? line.length() : close);
    int comma = arguments.indexOf(',');
    String first = (comma < 0 ? arguments : arguments.substring(0, comma)).strip();
    if (first.length() < 2 || !first.matches("[\\w.\\[\\]'\"]+")) {
      return false;
    }
    Matcher assigned = ASSIGNED_TO.matcher(before);
    if (assigned.find() && assigned.group(1).equals(first)) {
      return true;
    }
    String prefix = before.strip().replaceAll("\\s+", " ");
    if (prefix.isEmpty() || prefix.equals("await")) {
      return false;
    }
    return nowFlat.contains(prefix + " " + first)
        || prefix.endsWith("(") && nowFlat.contains(prefix + first);
  }

  /** A file whose language checks a condition with {@code require(…)}: Kotlin, Scala, Swift. */
  private static boolean conditionChecked(String file) {
    return file.endsWith(".kt")
        || file.endsWith(".kts")
        || file.endsWith(".scala")
        || file.endsWith(".swift");
  }

  /** What the change takes out: a guard, a protective call standing alone, a modifier. */
  static String checkRemoved(String old, String now, String file) {
    if (old.isEmpty() || !mentionsProtection(old)) {
      return null; // the cheap test first: no protective word, no protective call
    }
    boolean contract = file.endsWith(".sol") || file.endsWith(".vy");
    String nowFlat = COMMENT.matcher(now).replaceAll("").replaceAll("\\s+", " ");
    Map<String, Boolean> known = new HashMap<>();
    List<String[]> taken = new ArrayList<>(); // {name the new code would hold, shown, kind}
    String[] lines = old.split("\n");
    for (int i = 0; i < lines.length && taken.size() < 16; i++) {
      String line = lines[i].strip();
      if (line.length() > SafeguardEdits.MAX_LINE || CheckEdits.comment(line)) {
        continue;
      }
      if (contract || line.contains("_disableInit")) {
        Matcher modifier = MODIFIERS.matcher(line);
        if (modifier.find() && (contract || modifier.group().startsWith("_disable"))) {
          String name = modifier.group().replaceAll("\\s|\\(|\\)", "");
          taken.add(new String[] {name, modifier.group() + " taken out", "modifier"});
          continue;
        }
      }
      if (PatternLiterals.finds(DEFINITION, line)) {
        continue; // a function defined, or taken out whole: not a check inside one
      }
      if (contract
          && PatternLiterals.finds(GUARD_OPENS, line)
          && (line.contains("msg.sender") || line.contains("tx.origin"))
          && PatternLiterals.finds(
              REFUSES, line + " " + (i + 1 < lines.length ? lines[i + 1] : ""))) {
        taken.add(new String[] {line, "guard on msg.sender taken out", "line"});
        continue;
      }
      Matcher annotation = ANNOTATION.matcher(line);
      if (annotation.matches()
          && known.computeIfAbsent(annotation.group(1), SafeguardChecks::protective)) {
        taken.add(new String[] {"@" + annotation.group(1), line + " taken out", "line"});
        continue;
      }
      Matcher passed = PASSED.matcher(line);
      while (passed.find() && taken.size() < 16) {
        String name = passed.group(1);
        if (known.computeIfAbsent(name, SafeguardChecks::protective)) {
          taken.add(new String[] {name, name + " taken out of " + abbreviated(line), "passed"});
        }
      }
      Matcher call = CALL.matcher(line);
      while (call.find()) {
        String name = call.group(1);
        String warning = PeopleWarned.warning(name, line, call.start(), call.end());
        if (warning != null) {
          taken.add(new String[] {warning, name + "(" + warning + ", …) taken out", "line"});
          continue;
        }
        if (!known.computeIfAbsent(name, SafeguardChecks::protective) && !shields(name)) {
          continue;
        }
        String bare = name.substring(name.lastIndexOf('.') + 1);
        boolean guard = PatternLiterals.finds(GUARD_OPENS, line);
        boolean alone =
            call.start() == 0
                || line.substring(0, call.start()).matches("(?:await\\s+|@|return\\s+await\\s+)");
        boolean standsAlone =
            alone && !PatternLiterals.finds(ASSIGNS, outsideArguments(line))
                || line.startsWith("@");
        // What it protected passes through without it (decision 204): frame =
        // apply_privacy_zones(frame, …) taken out, fuzz_location(point) become point.
        standsAlone |= !guard && passesThrough(line, call, nowFlat);
        if (bare.equals("require") || bare.equals("assert")) {
          // a JavaScript require is an import; Kotlin's, Scala's and Swift's check a condition
          // (decision 279)
          standsAlone &= contract || conditionChecked(file);
        }
        boolean refuses = false;
        if (guard) {
          StringBuilder refusal = new StringBuilder(line);
          for (int j = i + 1; j < Math.min(lines.length, i + 3); j++) {
            refusal.append(' ').append(lines[j].length() > SafeguardEdits.MAX_LINE ? "" : lines[j]);
          }
          refuses = REFUSES.matcher(refusal).find();
        }
        if (refuses || standsAlone) {
          taken.add(new String[] {bare, (guard ? "guard " : "") + name + "(…) taken out", ""});
        }
      }
    }
    if (taken.isEmpty()) {
      return null;
    }
    // What the new code still calls: a check kept, renamed or moved into a helper.
    String nowCode = COMMENT.matcher(now).replaceAll("");
    Set<String> nowCalls = new HashSet<>();
    for (String line : nowCode.split("\n")) {
      if (line.length() > SafeguardEdits.MAX_LINE) {
        continue;
      }
      Matcher call = CALL.matcher(line);
      while (call.find() && nowCalls.size() < 256) {
        String name = call.group(1);
        nowCalls.add(name.substring(name.lastIndexOf('.') + 1));
        if (known.computeIfAbsent(name, SafeguardChecks::protective)) {
          return null;
        }
      }
      if (contract
          && PatternLiterals.finds(MODIFIERS, line)
          && !line.strip().startsWith("constructor")) {
        return null;
      }
    }
    for (String[] check : taken) {
      boolean kept =
          check[2].isEmpty()
              ? nowCalls.contains(check[0])
              : check[2].equals("line")
                  ? nowCode.contains(check[0])
                  : check[2].equals("passed")
                      ? Pattern.compile("\\b" + Pattern.quote(check[0]) + "\\b")
                          .matcher(nowCode)
                          .find()
                      : nowCode.contains(check[0]);
      if (!kept) {
        return check[1];
      }
    }
    return null;
  }
}
