package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A guard clause that stands for a safeguard taken out of code, whatever the language and whatever
 * it answers with (decision 336, helper weaken2; round 77's Go {@code if len(req.Targets) > 25 &&
 * !req.HasSecondApprover() { return ErrSecondApproverRequired }} and Swift {@code guard
 * pinnedKeys.contains(…) else { completionHandler(.cancelAuthenticationChallenge, nil); return }}),
 * for {@link SafeguardEdits} ({@code safeguards.check-removed}). {@link RefusalsRemoved} reads a
 * refusal by its words (deny, 403, forbidden) on the line after its condition; this reads the
 * clause as a whole: a condition ({@code if}, {@code guard … else}, {@code unless}, a trailing
 * {@code … if …}) whose body leaves the path with a named error (returns an error value, throws or
 * raises one, aborts, cancels a challenge, renders an error), where the condition or the error
 * names what a safeguard is made of (an approval or a second approver, a signer, a verification,
 * trust or pins, consent, a permission or a role, MFA, a lock, a hold or a review, a requirement, a
 * limit), taken out with nothing of it left in the new text.
 *
 * <p>Ordinary work is told by the same shape: an error passed on ({@code if err != nil { return err
 * }}), an empty value returned ({@code guard let url … else { return }}), a validation of input
 * ({@code raise ValueError("empty input")}) name no safeguard; a clause moved into a helper or
 * reworded leaves a check's call, the same error or another such clause in the new text; a whole
 * function taken out takes its guard with it.
 */
final class GuardClausesDropped {
  private GuardClausesDropped() {}

  /** The most lines a clause's body is read for. */
  private static final int MAX_BODY = 8;

  /** A guard's condition: {@code if (…) {}, {@code guard … else {}, {@code unless …}. */
  private static final Pattern HEAD =
      Pattern.compile("(?:\\}\\s*)?(?:else\\s+)?(?:if|unless|guard|elif|elsif|when)\\b.{0,390}");

  /** A statement guarded by a trailing condition: {@code return render_error(:x) if cond}. */
  private static final Pattern TRAILING = Pattern.compile(".{1,300}\\s(?:if|unless)\\s.{1,200}");

  /** A statement that leaves the call's path. */
  private static final Pattern EXIT =
      Pattern.compile(
          "\\b(?:return|raise|throw|abort|panic|halt|exit)\\b|completionHandler\\s*\\(\\s*\\.cancel"
              + "|\\.cancel\\s*\\(|\\breject\\s*\\(|\\bdeny\\s*\\(|\\bForbid\\s*\\(|render_error"
              + "|sendError|http\\.Error|\\bstatus\\s*\\(\\s*4\\d\\d");

  /** Words a safeguard's condition or error is made of. */
  private static final Set<String> SAFEGUARD =
      NameSet.of(
          "approve",
          "approved",
          "approver",
          "approvers",
          "approval",
          "unapproved",
          "signer",
          "cosigner",
          "signoff",
          "dual",
          "mfa",
          "2fa",
          "otp",
          "verified",
          "unverified",
          "verify",
          "verification",
          "trust",
          "trusted",
          "untrusted",
          "pin",
          "pins",
          "pinned",
          "pinning",
          "spki",
          "consent",
          "permission",
          "permissions",
          "permitted",
          "authorized",
          "authorised",
          "unauthorized",
          "unauthorised",
          "authentication",
          "role",
          "roles",
          "forbidden",
          "denied",
          "rejected",
          "locked",
          "frozen",
          "hold",
          "review",
          "required",
          "requires",
          "limit",
          "quota",
          "threshold",
          "embargo",
          "quarantined",
          "sanctioned",
          "blocked");

  /** Words of a body that names what it refuses with, beyond a bare return of a passed error. */
  private static final Set<String> PASSED_ON =
      NameSet.of(
          "return",
          "raise",
          "throw",
          "err",
          "error",
          "nil",
          "null",
          "none",
          "e",
          "ex",
          "false",
          "true",
          "undefined",
          "void",
          "ok",
          "exit",
          "1");

  /** A clause of the old text: its condition's line and the lines that leave the path. */
  private record Clause(String head, List<String> body) {
    String shown() {
      return (head + " " + String.join(" ", body)).strip();
    }
  }

  /**
   * The safeguard's guard clause a change takes out, or {@code null}.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @return what the reason shows, or {@code null}
   */
  static String of(String old, String now) {
    if (old.isEmpty() || old.length() > 16 * 1024 || now.length() > 16 * 1024) {
      return null;
    }
    Set<String> left = new HashSet<>();
    for (String line : now.split("\n", -1)) {
      left.add(line.strip());
    }
    for (String line : old.split("\n", -1)) {
      String stripped = line.strip();
      if (!left.contains(stripped) && RefusalsRemoved.definition(stripped)) {
        return null; // a handler taken out whole, its guard with it
      }
    }
    List<String> nowWords = SafeguardEdits.words(now);
    if (SafeguardEdits.has(nowWords, RefusalsRemoved.CHECKING) || !clauses(now).isEmpty()) {
      return null; // a check still called, or a guard still standing: moved or reworded
    }
    for (Clause clause : clauses(old)) {
      if (left.contains(clause.head()) || kept(clause, now)) {
        continue;
      }
      return clause.shown() + " taken out";
    }
    return null;
  }

  /** Whether what the clause refuses with is still in the new text: the same error's name. */
  private static boolean kept(Clause clause, String now) {
    for (String line : clause.body()) {
      if (!line.equals(clause.head()) && now.contains(line)) {
        for (String word : SafeguardEdits.words(line)) {
          if (!PASSED_ON.contains(word)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The guard clauses of a text that stand for a safeguard. */
  private static List<Clause> clauses(String text) {
    List<Clause> clauses = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length && clauses.size() < 16; i++) {
      String head = lines[i].strip();
      if (head.isEmpty() || head.length() > SafeguardEdits.MAX_LINE || CheckEdits.comment(head)) {
        continue;
      }
      List<String> body = new ArrayList<>();
      if (PatternLiterals.matches(HEAD, head)) {
        if (PatternLiterals.finds(EXIT, afterCondition(head))) {
          body.add(head); // if (!ok) throw new Forbidden(); on one line
        } else {
          body.addAll(body(lines, i));
        }
      } else if (PatternLiterals.matches(TRAILING, head) && startsWithExit(head)) {
        body.add(head); // return render_error(:locked) if account.frozen?
      } else {
        continue;
      }
      if (refuses(head, body)) {
        clauses.add(new Clause(head, body));
      }
    }
    return clauses;
  }

  /** What follows a one-line condition's closing: {@code ) throw …}, {@code { return …}. */
  private static String afterCondition(String head) {
    int brace = head.indexOf('{');
    int close = head.lastIndexOf(')');
    int from = Math.max(brace, close);
    if (head.startsWith("guard") && head.contains(" else ")) {
      from = head.indexOf(" else ") + 6;
    }
    return from < 0 || from >= head.length() - 1 ? "" : head.substring(from + 1);
  }

  /** The statement of a one-line clause: after its condition, or before a trailing one. */
  private static String exitOf(String line) {
    if (PatternLiterals.matches(HEAD, line)) {
      return afterCondition(line);
    }
    int condition = line.indexOf(" if ");
    int unless = line.indexOf(" unless ");
    int at = condition < 0 ? unless : unless < 0 ? condition : Math.min(condition, unless);
    return at < 0 ? line : line.substring(0, at);
  }

  private static boolean startsWithExit(String line) {
    return line.matches("(?:return|raise|throw|abort|halt|head|render\\w*|redirect_to)\\b.*");
  }

  /** The lines of a clause's body: up to its closing brace, its end or its dedent. */
  private static List<String> body(String[] lines, int head) {
    List<String> body = new ArrayList<>();
    String headLine = lines[head];
    int indent = headLine.length() - headLine.stripLeading().length();
    boolean block = headLine.strip().endsWith("{") || headLine.strip().endsWith(":");
    for (int j = head + 1; j < lines.length && j <= head + MAX_BODY; j++) {
      String raw = lines[j];
      String line = raw.strip();
      if (line.isEmpty()) {
        continue;
      }
      int in = raw.length() - raw.stripLeading().length();
      if (line.startsWith("}") || line.equals("end") || line.equals("fi") || in <= indent) {
        break;
      }
      if (line.equals("{")) {
        continue; // Allman's brace
      }
      body.add(line);
      if (!block) {
        break; // if (…)\n    throw …; a single statement
      }
    }
    return body;
  }

  /** Whether a clause leaves the path with a named error, on a safeguard's condition or error. */
  private static boolean refuses(String head, List<String> body) {
    boolean exits = false;
    boolean named = false;
    List<String> words = new ArrayList<>(SafeguardEdits.words(head));
    for (String line : body) {
      String exit = line.equals(head) ? exitOf(head) : line;
      exits |= PatternLiterals.finds(EXIT, exit);
      List<String> lineWords = SafeguardEdits.words(exit);
      words.addAll(lineWords);
      for (String word : lineWords) {
        named |= !PASSED_ON.contains(word);
      }
    }
    return exits && named && SafeguardEdits.has(words, SAFEGUARD);
  }
}
