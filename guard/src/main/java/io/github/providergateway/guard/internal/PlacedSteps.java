package io.github.providergateway.guard.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A call's programs as one group of the book's clauses tries them ({@link BookRules}): the programs
 * of each name together (a name's programs are tried by the same clauses, {@link ClausePlaces#of}),
 * and for each clause, the names whose programs it is tried on. The group then tries a clause on
 * every program of the call it is placed for before the next clause, so that its predicate's code,
 * and the sets and patterns it reads, come from memory once a call rather than once a program among
 * the other clauses' (issue 80: each of a 4 KiB command's 177 programs was tried by some 80 clauses
 * in turn, and the loop waited on memory more than it computed). A name's places are looked up once
 * a call, not once a program.
 */
final class PlacedSteps {
  /**
   * The call's programs by name, made once a call for every group ({@link Scan#once}) and made
   * again where programs were added since.
   *
   * @param steps how many programs the call had
   * @param first a program of each name, in the order the names first come
   * @param members each name's programs, as their places in the call's steps, in order
   */
  private record Named(int steps, Step[] first, int[][] members) {}

  private final Named named;

  /** For each clause's place, where its entries begin in {@link #nameOf}; one more at the end. */
  private final int[] first;

  /** The entries, by clause: a name whose programs are tried by the clause. */
  private final int[] nameOf;

  /**
   * A call's programs, grouped for a group's clauses.
   *
   * @param scan the call
   * @param index the group's index
   * @param placed the places of the clauses the programs are tried by
   * @param clauses how many clauses the group has
   */
  PlacedSteps(Scan scan, BookIndex index, ClausePlaces placed, int clauses) {
    named = named(scan);
    int[][] places = new int[named.first().length][];
    first = new int[clauses + 1];
    int entries = 0;
    for (int k = 0; k < places.length; k++) {
      Step step = named.first()[k];
      places[k] = placed.of(step.readings(index).number(), step.program());
      for (int place : places[k]) {
        first[place + 1]++;
      }
      entries += places[k].length;
    }
    for (int c = 0; c < clauses; c++) {
      first[c + 1] += first[c];
    }
    nameOf = new int[entries];
    int[] next = java.util.Arrays.copyOf(first, clauses);
    for (int k = 0; k < places.length; k++) {
      for (int place : places[k]) {
        nameOf[next[place]++] = k;
      }
    }
  }

  /** {@return the call's programs by name, made once a call} */
  private static Named named(Scan scan) {
    Named[] kept = scan.once("PlacedSteps.named", s -> new Named[1]);
    List<Step> steps = scan.steps();
    if (kept[0] == null || kept[0].steps() != steps.size()) {
      Map<String, Integer> names = new HashMap<>();
      int[] nameOfStep = new int[steps.size()];
      int[] counts = new int[steps.size()];
      Step[] firsts = new Step[steps.size()];
      for (int s = 0; s < steps.size(); s++) {
        Step step = steps.get(s);
        Integer known = names.putIfAbsent(step.program(), names.size());
        int name = known == null ? names.size() - 1 : known;
        firsts[name] = known == null ? step : firsts[name];
        nameOfStep[s] = name;
        counts[name]++;
      }
      int[][] members = new int[names.size()][];
      for (int k = 0; k < members.length; k++) {
        members[k] = new int[counts[k]];
        counts[k] = 0;
      }
      for (int s = 0; s < nameOfStep.length; s++) {
        members[nameOfStep[s]][counts[nameOfStep[s]]++] = s;
      }
      kept[0] = new Named(steps.size(), java.util.Arrays.copyOf(firsts, names.size()), members);
    }
    return kept[0];
  }

  /** {@return where the entries of the clause at {@code place} begin} */
  int first(int place) {
    return first[place];
  }

  /** {@return where the entries of the clause at {@code place} end} */
  int end(int place) {
    return first[place + 1];
  }

  /**
   * {@return the programs of an entry's name, as their places in the call's steps, in order}
   *
   * @param entry the entry
   */
  int[] programs(int entry) {
    return named.members()[nameOf[entry]];
  }
}
