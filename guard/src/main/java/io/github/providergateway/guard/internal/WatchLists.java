package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Two lists a watch over people is made of, changed their weak way (round 61), for {@link
 * SafeguardEdits}, read as {@link ProtectiveLists} reads a list:
 *
 * <ul>
 *   <li>a list of what raises an alarm or makes a case serious, emptied or shortened ({@code
 *       alert_categories: [self_harm, suicide]} made {@code []}, {@code serious_criteria} losing
 *       {@code hospitalization}): what it left out is no longer alerted on or reported ({@code
 *       safeguards.exclusions-emptied});
 *   <li>a list of who may see what is kept blind, grown ({@code show_treatment_to_roles} given
 *       {@code site_coordinator} in a double-blind study's settings): the blinding is broken for
 *       them ({@code safeguards.protection-off}).
 * </ul>
 *
 * <p>A list of where an alert goes ({@code alert_channels}) or of what notifies a person of their
 * own work ({@code notify_on}) is no such list: only one whose name says both that it raises an
 * alarm or marks gravity and that it holds kinds of event.
 */
final class WatchLists {
  private WatchLists() {}

  /** Words of a list's name that say its items raise an alarm or mark a case grave. */
  private static final Set<String> RAISES =
      NameSet.of(
          "alert",
          "alerts",
          "alarm",
          "alarms",
          "escalate",
          "escalation",
          "escalations",
          "serious",
          "seriousness",
          "critical",
          "reportable",
          "expedited",
          "mandatory",
          "urgent",
          "emergency",
          "severe",
          "safeguarding",
          "flagged",
          "sae",
          "safety",
          "adverse",
          "abuse",
          "threat",
          "threats",
          "harm");

  /** Words of a list's name that say its items are kinds of event, not places or people. */
  private static final Set<String> KINDS =
      NameSet.of(
          "categories",
          "category",
          "types",
          "criteria",
          "criterion",
          "conditions",
          "triggers",
          "events",
          "codes",
          "kinds",
          "reasons",
          "keywords",
          "terms",
          "classes",
          "topics",
          "signals",
          "findings",
          "outcomes");

  /** Words of a list's name that say its items are who may see or reach something. */
  private static final Set<String> VIEWERS =
      NameSet.of(
          "roles", "users", "groups", "viewers", "readers", "members", "principals", "audience");

  /** Words of a list's name, its text or its file's that say what it guards is kept blind. */
  private static final Set<String> BLIND =
      NameSet.of("blind", "blinded", "blinding", "unblinded", "unblind", "unblinding");

  /**
   * What a change does to a watch's list.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @param file the file it changes, not a test's or a rehearsal's
   * @return what it was found to do, or {@code null}
   */
  static SafeguardEdits.Found of(String old, String now, String file) {
    if (old.isEmpty()) {
      return null;
    }
    Map<String, Set<String>> before = ProtectiveLists.lists(old);
    if (before.isEmpty()) {
      return null;
    }
    Map<String, Set<String>> after = ProtectiveLists.lists(now);
    for (Map.Entry<String, Set<String>> list : before.entrySet()) {
      Set<String> was = list.getValue();
      Set<String> items = after.get(list.getKey());
      if (list.getKey().isEmpty() || items == null || was.isEmpty()) {
        continue; // a list the change does not show whole: a sed's key: .*
      }
      List<String> words = SafeguardEdits.words(list.getKey());
      if (SafeguardEdits.has(words, RAISES)
          && SafeguardEdits.has(words, KINDS)
          && was.containsAll(items)
          && items.size() < was.size()) {
        Set<String> gone = new LinkedHashSet<>(was);
        gone.removeAll(items);
        String shown =
            items.isEmpty()
                ? list.getKey() + " emptied"
                : list.getKey() + " loses " + String.join(", ", gone);
        return new SafeguardEdits.Found(SafeguardEdits.Kind.EXCLUSIONS_EMPTIED, shown);
      }
      if (SafeguardEdits.has(words, VIEWERS)
          && items.containsAll(was)
          && items.size() > was.size()
          && blind(words, old, file, was)) {
        Set<String> added = new LinkedHashSet<>(items);
        added.removeAll(was);
        return new SafeguardEdits.Found(
            SafeguardEdits.Kind.PROTECTION_OFF,
            list.getKey() + " gains " + String.join(", ", added) + " where treatment is blinded");
      }
    }
    return null;
  }

  /** Whether the list's name, its items, the text around it or its file say it keeps a blind. */
  private static boolean blind(List<String> words, String old, String file, Set<String> was) {
    List<String> around = new ArrayList<>(words);
    around.addAll(SafeguardEdits.words(file));
    around.addAll(CheckWords.words(old.length() > 4096 ? old.substring(0, 4096) : old));
    for (String item : was) {
      around.addAll(SafeguardEdits.words(item));
    }
    return SafeguardEdits.has(around, BLIND);
  }
}
