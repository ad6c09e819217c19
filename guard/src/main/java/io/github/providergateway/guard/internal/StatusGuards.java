package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A check on a status that protects someone, taken out of the code or a query (decision 204), for
 * {@code safeguards.check-removed}: a guard whose condition names such a status (an active
 * bankruptcy, active military duty, a cease-and-desist, a forbearance, a duress code, privacy mode,
 * a licence, a consent) and that refuses, skips or answers otherwise for it; a query's exclusion of
 * one ({@code AND NOT EXISTS (… scra_status …)}, {@code AND l.bk_status IS NULL}, {@code AND
 * cease_desist = false}); a guard that adds a requirement ({@code conditions.append(…)}); a guard
 * whose answer refuses or holds by its name ({@code return Block(…)}, {@code raise
 * UnderagePlayer(…)}, {@code return route_to_human_review(…)}: decision 213), taken out or its
 * answer made a log line. Each is kept when the new text still decides on the same status the same
 * way: a guard on it with the same outcome, a call named for it, a query naming it, the same list
 * still added to. The status is read by its words, not by a call's name, as such checks are most
 * often plain conditions on a field.
 */
final class StatusGuards {
  private StatusGuards() {}

  /** The words that name a protected status, each with its family (a helper may name it so). */
  private static final Map<String, String> STATUS =
      Map.ofEntries(
          Map.entry("bk", "bankruptcy"),
          Map.entry("bankrupt", "bankruptcy"),
          Map.entry("bankruptcy", "bankruptcy"),
          Map.entry("bankruptcies", "bankruptcy"),
          Map.entry("scra", "military"),
          Map.entry("servicemember", "military"),
          Map.entry("servicemembers", "military"),
          Map.entry("military", "military"),
          Map.entry("activeduty", "military"),
          Map.entry("cease", "cease"),
          Map.entry("desist", "cease"),
          Map.entry("dnc", "dnc"),
          Map.entry("donotcall", "dnc"),
          Map.entry("optout", "optout"),
          Map.entry("optedout", "optout"),
          Map.entry("unsubscribed", "optout"),
          Map.entry("forbearance", "forbearance"),
          Map.entry("lossmit", "lossmit"),
          Map.entry("lossmitigation", "lossmit"),
          Map.entry("hardship", "hardship"),
          Map.entry("disputed", "dispute"),
          Map.entry("deceased", "deceased"),
          Map.entry("legalhold", "hold"),
          Map.entry("litigationhold", "hold"),
          Map.entry("sanctioned", "sanctions"),
          Map.entry("sanctions", "sanctions"),
          Map.entry("embargoed", "sanctions"),
          Map.entry("ofac", "sanctions"),
          Map.entry("privacy", "privacy"),
          Map.entry("licensed", "license"),
          Map.entry("licensure", "license"),
          Map.entry("unlicensed", "license"),
          Map.entry("credentialed", "license"),
          Map.entry("duress", "duress"),
          Map.entry("consent", "consent"),
          Map.entry("consented", "consent"),
          Map.entry("underage", "minor"),
          Map.entry("coppa", "minor"),
          Map.entry("vulnerable", "vulnerable"),
          Map.entry("acpparticipant", "confidential address"),
          Map.entry("addressconfidentiality", "confidential address"),
          Map.entry("addressconfidential", "confidential address"),
          Map.entry("confidentialaddress", "confidential address"),
          // a court's or a school's order that keeps a person away from someone (round 61)
          Map.entry("nocontact", "no-contact order"),
          Map.entry("donotcontact", "no-contact order"),
          Map.entry("restraining", "no-contact order"),
          Map.entry("protectiveorder", "no-contact order"),
          Map.entry("custodyrestriction", "no-contact order"),
          Map.entry("custodyrestricted", "no-contact order"),
          // a rehearsal kept off the live path (decision 222): practice mode, a drill
          Map.entry("practice", "rehearsal"),
          Map.entry("drill", "rehearsal"),
          Map.entry("rehearsal", "rehearsal"),
          // a person's fitness or identity checked before they are served (round 74)
          Map.entry("backgroundcheck", "background check"),
          Map.entry("backgroundchecked", "background check"),
          Map.entry("ageverified", "age"),
          Map.entry("ageverification", "age"),
          Map.entry("agecheck", "age"),
          Map.entry("kyc", "identity"),
          Map.entry("kycverified", "identity"),
          Map.entry("identityverified", "identity"),
          Map.entry("idverified", "identity"),
          // records a court or the law keeps out of what is shared (round 74)
          Map.entry("isminor", "minor"),
          Map.entry("juvenile", "minor"),
          Map.entry("sealed", "sealed"),
          Map.entry("expunged", "sealed"));

  /** A cheap first test: no status's beginning and no list added to, nothing to read. */
  private static final Pattern HINT =
      Pattern.compile(
          "(?i)bk|bankrupt|scra|servicemember|military|active_?duty|cease|desist|dnc|not_?call"
              + "|opt_?out|opted|unsubscrib|forbear|lossmit|loss_?mitigation|hardship|disput"
              + "|deceased|legal_?hold|litigation_?hold|sanction|embargo|ofac"
              + "|privacy|licens|credential|duress|consent|underage|coppa|vulnerable"
              + "|acp_?participant|address_?confidential|confidential_?address|practice|drill|rehears"
              + "|no_?contact|not_?contact|restrain|protective_?order|custody_?restrict"
              + "|background_?check|age_?verif|age_?check|kyc|identity_?verif|id_?verif"
              + "|is_?minor|juvenile|sealed|expunged"
              + "|block|reject|deny|denied|refuse|eligib|forbidden|prohibited|hold|held|quarantine"
              + "|escalate|nogo|no_go|review"
              + "|\\.(?:append|add|push|extend)\\(");

  /** A guard's opening, and its condition. */
  private static final Pattern GUARD =
      Pattern.compile(
          "^(?:\\}\\s*)?(?:if|elif|else\\s+if|unless|guard|when)\\b\\s*(.{1,300}?)\\s*(?::|\\{|\\bthen\\b|$)");

  /** A guard written after what it does: {@code return :denied unless kyc_verified?(account)}. */
  private static final Pattern TRAILING_GUARD =
      Pattern.compile("^((?:return|raise|throw|die)\\b.{0,200}?)\\s+(?:unless|if)\\s+(.{1,200})$");

  /** What a guard does when it holds: refuses, skips, answers, or adds to a list. */
  private static final Pattern OUTCOME =
      Pattern.compile(
          "\\b(?:return|raise|throw|continue|break|abort|revert|reject|deny)\\b[^\\n]*"
              + "|\\b([A-Za-z_][\\w.]{0,80}?)\\.(?:append|add|push|extend|addAll)\\([^\\n]*");

  /** The lists a requirement or a failed check is added to. */
  private static final Set<String> REQUIREMENTS =
      Set.of(
          "conditions",
          "requirements",
          "stipulations",
          "holds",
          "violations",
          "deficiencies",
          "blockers",
          "errors",
          "failures");

  /** A query's or a condition's line that keeps some rows out. */
  private static final Pattern EXCLUSION =
      Pattern.compile(
          "(?i)^(?:and|where|&&)\\s+(?:not\\b|!|.*\\bis\\s+null\\b|.*\\bnot\\s+in\\b|.*<>|.*!="
              + "|.*=\\s*(?:false|0|'n'|'no')\\b)");

  /** A definition: a guard inside a function taken out whole is dead code going. */
  private static final Pattern DEFINITION =
      Pattern.compile("^(?:async\\s+)?(?:def|function|func|fn|sub)\\s+(\\w+)");

  /** A call's name. */
  private static final Pattern CALL = Pattern.compile("([A-Za-z_][\\w.]{0,100}+)\\s*+\\(");

  /** A comment at the end of a line. */
  private static final Pattern TRAILING_COMMENT = Pattern.compile("\\s(?:#|//|--)\\s[^'\"]*$");

  /**
   * What the change takes out: a guard or an exclusion on a protected status, or a guard adding a
   * requirement, with nothing in the new text that keeps it.
   *
   * @param old the text taken out
   * @param now the text put in
   * @return what the reason shows, or {@code null}
   */
  static String taken(String old, String now) {
    if (old.isEmpty() || !PatternLiterals.finds(HINT, old)) {
      return null;
    }
    String[] lines = old.split("\n");
    int deadIndent = -1; // a function taken out whole: its guards go with it
    for (int i = 0; i < lines.length; i++) {
      String raw = lines[i];
      String line = raw.strip();
      int indent = raw.length() - raw.stripLeading().length();
      if (line.isEmpty() || line.length() > SafeguardEdits.MAX_LINE || CheckEdits.comment(line)) {
        continue;
      }
      if (deadIndent >= 0 && indent > deadIndent) {
        continue;
      }
      deadIndent = -1;
      Matcher definition = DEFINITION.matcher(line);
      if (definition.find()) {
        if (!Pattern.compile("\\b" + definition.group(1) + "\\b").matcher(now).find()) {
          deadIndent = indent;
        }
        continue;
      }
      String shown = guardTaken(lines, i, line, now);
      if (shown == null) {
        shown = exclusionTaken(line, now);
      }
      if (shown != null) {
        return shown;
      }
    }
    return null;
  }

  /** A guard on a status, or adding a requirement, that the new text does not keep. */
  private static String guardTaken(String[] lines, int i, String line, String now) {
    Guard guard = Guard.of(lines, i);
    if (guard == null) {
      return null;
    }
    Set<String> families = families(guard.condition());
    if (!families.isEmpty()) {
      return keptGuard(families, guard.outcome(), now)
          ? null
          : "guard on " + String.join(", ", families) + " taken out: " + abbreviated(line);
    }
    String refusal = refusal(guard.outcome());
    if (refusal != null) {
      return refusalKept(refusal, now)
          ? null
          : "guard that answers " + refusal + "(…) taken out: " + abbreviated(line);
    }
    Matcher added = OUTCOME.matcher(guard.outcome());
    if (!added.find() || added.group(1) == null) {
      return null;
    }
    String list = added.group(1).substring(added.group(1).lastIndexOf('.') + 1);
    if (!REQUIREMENTS.contains(list.toLowerCase(Locale.ROOT))) {
      return null;
    }
    boolean kept =
        Pattern.compile(
                "\\b"
                    + Pattern.quote(list)
                    + "\\s*(?:\\.(?:append|add|push|extend|addAll)\\(|\\+=)")
            .matcher(code(now))
            .find();
    return kept ? null : "guard adding to " + list + " taken out: " + abbreviated(line);
  }

  /**
   * An answer that refuses or holds by its name, as a guard gives it: {@code return Block(…)},
   * {@code return Ineligible(…)}, {@code raise UnderagePlayer(…)}, {@code return
   * hold_for_gift_acceptance_committee(…)}, {@code return route_to_human_review(…)}.
   */
  private static final Pattern ANSWER =
      Pattern.compile("^(?:return|raise|throw)(?:new)?([A-Za-z_][\\w.]{0,100}+)\\(");

  /** The words of an answer's name that refuse or hold for a person (decision 213). */
  private static final Set<String> REFUSING =
      Set.of(
          "block",
          "blocked",
          "reject",
          "rejected",
          "deny",
          "denied",
          "refuse",
          "refused",
          "ineligible",
          "forbidden",
          "prohibited",
          "hold",
          "held",
          "quarantine",
          "escalate",
          "underage",
          "nogo");

  /** The name of the refusing call a guard answers with, or {@code null}. */
  private static String refusal(String outcome) {
    Matcher answer = ANSWER.matcher(outcome);
    if (!answer.find()) {
      return null;
    }
    String name = answer.group(1);
    List<String> words = SafeguardEdits.words(name.substring(name.lastIndexOf('.') + 1));
    boolean review =
        words.contains("review") && (words.contains("human") || words.contains("manual"));
    boolean refuses =
        review
            || SafeguardEdits.has(words, REFUSING)
            || words.size() > 1 && words.get(0).equals("not") && words.contains("eligible");
    return refuses ? name : null;
  }

  /**
   * Whether the new text still answers so: the same call, or any guard's refusing answer (a check
   * moved, its answer renamed).
   */
  private static boolean refusalKept(String refusal, String now) {
    String code = code(now);
    if (code.contains(refusal + "(")) {
      return true;
    }
    for (String line : code.split("\n")) {
      String stripped = line.strip();
      if (stripped.length() <= SafeguardEdits.MAX_LINE && refusal(normal(stripped)) != null) {
        return true;
      }
    }
    return false;
  }

  /** A query's exclusion of a status that the new text no longer names. */
  private static String exclusionTaken(String line, String now) {
    if (!PatternLiterals.finds(EXCLUSION, line)) {
      return null;
    }
    Set<String> families = families(line);
    if (families.isEmpty()) {
      return null;
    }
    Set<String> still = new HashSet<>();
    for (String each : code(now).split("\n")) {
      still.addAll(unlessOtherwise(each));
    }
    for (String family : families) {
      if (!still.contains(family)) {
        return "exclusion of " + family + " taken out: " + abbreviated(line);
      }
    }
    return null;
  }

  /**
   * A guard: its condition, and what it does when it holds: the first refusal, skip, answer or list
   * added to on its line after the condition (or within it, where no colon or brace ends it) or on
   * the two lines below, without its comment and spaces.
   */
  private record Guard(String condition, String outcome) {
    static Guard of(String[] lines, int i) {
      String line = lines[i].strip();
      Matcher trailing = TRAILING_GUARD.matcher(line);
      if (line.length() <= SafeguardEdits.MAX_LINE && trailing.matches()) {
        return new Guard(trailing.group(2), normal(trailing.group(1))); // Ruby's, Perl's (round 74)
      }
      Matcher guard = GUARD.matcher(line);
      if (line.length() > SafeguardEdits.MAX_LINE || !guard.find()) {
        return null;
      }
      String condition = guard.group(1);
      Matcher within = OUTCOME.matcher(condition);
      if (within.find()) {
        return new Guard(condition.substring(0, within.start()), normal(within.group()));
      }
      List<String> candidates = new ArrayList<>();
      candidates.add(line.substring(guard.end()));
      for (int j = i + 1; j < Math.min(lines.length, i + 3); j++) {
        if (lines[j].length() <= SafeguardEdits.MAX_LINE) {
          candidates.add(lines[j].strip());
        }
      }
      for (String candidate : candidates) {
        Matcher outcome = OUTCOME.matcher(candidate);
        if (outcome.find()) {
          return new Guard(condition, normal(outcome.group()));
        }
      }
      return null;
    }
  }

  /** Whether the new text still guards on one of these statuses with the same outcome. */
  private static boolean keptGuard(Set<String> families, String outcome, String now) {
    String code = code(now);
    String[] lines = code.split("\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.length() > SafeguardEdits.MAX_LINE) {
        continue;
      }
      if (PatternLiterals.finds(GUARD, line)) {
        Guard guard = Guard.of(lines, i);
        Set<String> named =
            guard == null || disabled(guard.condition()) ? Set.of() : families(guard.condition());
        if (!Collections.disjoint(named, families) && outcome.equals(guard.outcome())) {
          return true;
        }
        if (guard == null || disabled(guard.condition())) {
          continue;
        }
        // a guard that calls a check named for the status is read below (round 74)
      }
      Matcher call = CALL.matcher(line);
      while (call.find()) {
        Set<String> named = families(call.group(1));
        named.retainAll(families);
        if (!named.isEmpty()) {
          return true; // a check named for the status, called: moved into a helper
        }
      }
    }
    return false;
  }

  /**
   * A guard's condition that no longer holds for the status (decision 221, from the red team of
   * 202–205): made never true ({@code and False}, {@code && false}, {@code 0 and}) or made to hold
   * only while a switch says so ({@code and settings.ENFORCE_SCRA}, {@code &&
   * flags.bankruptcyCheck}).
   */
  private static final Pattern DISABLED =
      Pattern.compile(
          "(?i)(?:\\band\\b|&&)\\s*\\(?\\s*(?:false|0|none|nil)\\s*(?:\\)|:|\\{|$|\\band\\b|&&)"
              + "|^\\(?\\s*(?:false|0)\\s*(?:\\band\\b|&&)"
              + "|(?:\\band\\b|&&)\\s*!?\\s*(?:[\\w.]*\\.)?"
              + "(?:settings|config|conf|flags?|features?|toggles?)\\.[\\w.]+"
              + "|(?:\\band\\b|&&)\\s*!?\\s*[\\w.]*?(?:enforce|enabled)\\w*"
              + "|^\\(?\\s*(?:[\\w.]*\\.)?(?:settings|config|conf|flags?|features?|toggles?)\\.[\\w.]+"
              + "\\s*(?:\\band\\b|&&)");

  /** Whether a guard's condition is made never true, or true only while a switch says so. */
  private static boolean disabled(String condition) {
    return PatternLiterals.finds(DISABLED, condition);
  }

  /** A disjunction's words ({@code OR}, {@code or}, {@code ||}). */
  private static final Pattern OR = Pattern.compile("(?i)\\bor\\b|\\|\\|");

  /**
   * The statuses a line still keeps out: a status in a disjunction whose other side names none
   * ({@code AND (NOT a.deceased OR a.balance > 5000)}) is let in by the other side.
   */
  private static Set<String> unlessOtherwise(String line) {
    if (!PatternLiterals.finds(OR, line)) {
      return families(line);
    }
    for (String side : OR.split(line)) {
      if (families(side).isEmpty() && side.strip().replaceAll("[()\\s]", "").length() > 0) {
        return Set.of();
      }
    }
    return families(line);
  }

  /** The families of the statuses a text names, by its words and their pairs and triples. */
  static Set<String> families(String text) {
    Set<String> families = new HashSet<>();
    List<String> words = SafeguardEdits.words(text);
    for (int i = 0; i < words.size(); i++) {
      String one = words.get(i);
      String two = i + 1 < words.size() ? one + words.get(i + 1) : null;
      String three = i + 2 < words.size() ? two + words.get(i + 2) : null;
      for (String word : new String[] {one, two, three}) {
        String family = word == null ? null : STATUS.get(word);
        if (family != null) {
          families.add(family);
        }
      }
    }
    return families;
  }

  /** A text without its comments. */
  private static String code(String text) {
    StringBuilder code = new StringBuilder();
    for (String line : text.split("\n")) {
      if (!CheckEdits.comment(line.strip())) {
        code.append(line).append('\n');
      }
    }
    return code.toString();
  }

  /** An outcome as compared: no trailing comment, no spaces, no semicolon. */
  private static String normal(String outcome) {
    return TRAILING_COMMENT.matcher(outcome).replaceAll("").replaceAll("[\\s;]", "");
  }

  private static String abbreviated(String line) {
    return line.length() > 80 ? line.substring(0, 80) + "…" : line;
  }
}
