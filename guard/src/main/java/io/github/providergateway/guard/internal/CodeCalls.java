package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A deployed application's code, run in its own process, that calls an act (decision 275): {@code
 * kubectl exec deploy/pms-api -- bin/rails runner 'Reservation.where(…).find_each { |r|
 * r.cancel!(notify: false) }'}, {@code kubectl exec deploy/ops-api -- python -c "from ops.flights
 * import cancel; cancel('ZQ455', …)"}, {@code ssh deploy@sis-app01 "bundle exec rails runner
 * 'Attendance.where(…).update_all(code: \"EX\")'"}. Inside a pod or on an application's server the
 * code's models are the live system's records, and the method the code calls is the application's
 * own word for what it does to them: a reservation cancelled, an absence excused, a flight
 * cancelled with its passengers told.
 *
 * <p>A call is a name followed by {@code (} or {@code !}, a method after a dot followed by a
 * block ({@code .each {}), or a method of two words or more after a dot, called without brackets
 * ({@code User.destroy_all}); its first part ({@link ServiceVerbs#split}) acts where it is one of
 * {@link #ACTS}: the strong acts, the sendings and the writes of a model ({@code update}, {@code
 * save}, {@code create}, {@code cancel}, {@code refund}). A string's method of the same name is
 * the code's own business ({@code "…".format(…)}, {@code s.replace(…)}: neither is read), and a
 * read calls nothing of these ({@code Reservation.where(…).count}, {@code print(…)}).
 */
final class CodeCalls {
  private CodeCalls() {}

  /** The first words of a call that act on the records it reaches. */
  private static final Set<String> ACTS =
      NameSet.of(
          "delete",
          "destroy",
          "purge",
          "drop",
          "truncate",
          "wipe",
          "erase",
          "revoke",
          "terminate",
          "disable",
          "deactivate",
          "ban",
          "expunge",
          "send",
          "publish",
          "approve",
          "transfer",
          "submit",
          "broadcast",
          "notify",
          "unlock",
          "update",
          "save",
          "create",
          "insert",
          "upsert",
          "cancel",
          "refund",
          "void",
          "charge",
          "capture",
          "pay",
          "payout",
          "settle",
          "disburse",
          "release",
          "reject",
          "close",
          "suspend",
          "expire",
          "excuse",
          "shelve",
          "acknowledge",
          "archive",
          "merge",
          "reassign",
          "remove");

  /** A call: a name and {@code (} or {@code !}, or a method after a dot and a block. */
  private static final Pattern CALL =
      Pattern.compile(
          "(\\.)?(?<![\\w$])([A-Za-z_][A-Za-z0-9_]{1,60})(\\s*\\(|!(?!=)|\\s*\\{|(?=[\\s'\";)]|$))");

  /**
   * Whether {@code code} calls an act.
   *
   * @param code a program's code, or the words that carry it
   * @return whether a call in it acts
   */
  static boolean act(String code) {
    Matcher call = CALL.matcher(code);
    while (call.find()) {
      String name = call.group(2);
      String after = call.group(3);
      if (call.group(1) == null && (after.endsWith("{") || after.isEmpty())) {
        continue; // a function's body (update() {), or a word
      }
      if (after.isEmpty() && name.indexOf('_') < 0) {
        continue; // User.destroy_all, a method called without its brackets; not backup.archive
      }
      String first = ServiceVerbs.split(name).get(0).toLowerCase(Locale.ROOT);
      if (ACTS.contains(first)) {
        return true;
      }
    }
    return false;
  }
}
