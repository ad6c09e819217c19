package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.RuleSpec.When;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Predicate;

/**
 * Which of a family's clauses a program is tried by, in their order, found by the program's number
 * in the book's index ({@link BookIndex}): the clauses that name it, and those about any program
 * ({@code *}) or a beginning of its name ({@code mkfs.*}), merged once when the book is read rather
 * than for each program of each call.
 */
final class ClausePlaces {
  /** No clause. */
  private static final int[] NONE = new int[0];

  /**
   * For each program the index numbers, the places of the clauses it is tried by, in order: made
   * when the program is first tried ({@link #of}), as a call runs a few of the book's 1,600
   * programs and the hook's JVM decides one call (decision 84).
   */
  private final AtomicReferenceArray<int[]> byNumber;

  /** For each program the index numbers, the places of the clauses that name it whole, in order. */
  private final int[][] namedWhole;

  private final BookIndex index;

  /** The places of the clauses about any program ({@code *}), in order. */
  private final int[] anyProgram;

  /**
   * The places of the clauses about the programs a name begins ({@code mkfs.*}) and not any, in
   * order, with those beginnings: tried on a program no clause names whole by its name.
   */
  private final int[] begun;

  private final List<List<String>> beginnings;

  /**
   * The names of the programs each clause can hold of ({@link ProgramNames}), by place, or {@code
   * null} for any.
   */
  private final List<Predicate<String>> names;

  /**
   * The places for the programs no clause names whole, by name, made when first asked: a long
   * command runs few programs many times. At most {@link #UNNAMED_KEPT} names of at most {@link
   * #UNNAMED_LONGEST} characters are kept, as the names are the calls'.
   */
  private final Map<String, int[]> unnamed = new ConcurrentHashMap<>();

  private static final int UNNAMED_KEPT = 1024;

  private static final int UNNAMED_LONGEST = 64;

  /** Whether no clause is placed: the family has none of this kind. */
  private final boolean empty;

  /**
   * Places clauses.
   *
   * @param index the index
   * @param whens the family's clauses, in the order they are tried
   * @param names the names of the programs each clause can hold of, or {@code null} for any
   * @param late whether the places are of the clauses tried late ({@link When#late()}) or of the
   *     others
   */
  ClausePlaces(BookIndex index, List<When> whens, List<Predicate<String>> names, boolean late) {
    this.index = index;
    this.names = names;
    List<Integer> any = new ArrayList<>();
    List<Integer> begunOnly = new ArrayList<>();
    List<List<String>> begins = new ArrayList<>();
    @SuppressWarnings("unchecked")
    List<Integer>[] own = new List[index.programs()];
    boolean placed = false;
    for (int i = 0; i < whens.size(); i++) { // in order: each program's places are added in order
      When when = whens.get(i);
      if (when.late() != late) {
        continue;
      }
      placed = true;
      List<String> starts = beginnings(when.programs());
      if (starts.contains("")) {
        any.add(i); // tried on every program its names let through, whatever it is named
        continue;
      }
      if (!starts.isEmpty()) {
        begunOnly.add(i);
        begins.add(starts);
      }
      for (String program : when.programs()) {
        int number = program.endsWith("*") ? -1 : index.number(program);
        if (number >= 0) {
          add(own, number, i);
        }
      }
    }
    int[][] whole = new int[own.length][];
    for (int number = 0; number < own.length; number++) {
      whole[number] = own[number] == null ? NONE : toArray(own[number]);
    }
    this.namedWhole = whole;
    this.byNumber = new AtomicReferenceArray<>(own.length);
    this.anyProgram = toArray(any);
    this.begun = toArray(begunOnly);
    this.beginnings = List.copyOf(begins);
    this.empty = !placed;
  }

  /**
   * The places of the clauses a program the index numbers is tried by: those that name it whole,
   * about any program, or about a beginning of its name, in order, each once, that its names let
   * through.
   */
  private int[] placesOf(int number) {
    String program = index.name(number);
    int[] found = namedWhole[number];
    for (int k = 0; k < begun.length; k++) {
      if (begins(beginnings.get(k), program)) {
        found = merged(found, new int[] {begun[k]});
      }
    }
    return named(merged(anyProgram, found), program);
  }

  /** The places of {@code all} whose names let {@code program} through, each once. */
  private int[] named(int[] all, String program) {
    List<Integer> named = new ArrayList<>(all.length);
    for (int place : all) {
      if (holds(place, program) && (named.isEmpty() || named.get(named.size() - 1) != place)) {
        named.add(place);
      }
    }
    return named.size() == all.length ? all : toArray(named);
  }

  /** Whether the names of the clause at a place let a program through. */
  private boolean holds(int place, String program) {
    Predicate<String> named = names.get(place);
    return named == null || named.test(program);
  }

  /** Adds a clause's place to a program's, once. */
  private static void add(List<Integer>[] own, int number, int place) {
    if (own[number] == null) {
      own[number] = new ArrayList<>(2);
    }
    List<Integer> places = own[number];
    if (places.isEmpty() || places.get(places.size() - 1) != place) {
      places.add(place);
    }
  }

  /** {@return whether no clause is placed} */
  boolean isEmpty() {
    return empty;
  }

  /**
   * The clauses a program is tried by.
   *
   * @param number the program's number in the index, or -1
   * @param program its name
   * @return their places, in order
   */
  int[] of(int number, String program) {
    if (number >= 0) {
      int[] places = byNumber.get(number);
      if (places == null) {
        places = placesOf(number);
        byNumber.set(number, places); // the same places whichever thread made them first
      }
      return places;
    }
    int[] kept = unnamed.get(program);
    if (kept != null) {
      return kept;
    }
    int[] found = null;
    for (int k = 0; k < begun.length; k++) {
      if (begins(beginnings.get(k), program)) {
        found = found == null ? new int[] {begun[k]} : append(found, begun[k]);
      }
    }
    int[] places = named(found == null ? anyProgram : merged(anyProgram, found), program);
    if (program.length() <= UNNAMED_LONGEST && unnamed.size() < UNNAMED_KEPT) {
      unnamed.put(program, places);
    }
    return places;
  }

  /** The beginnings of names a clause gives as {@code mkfs.*}; the empty string for {@code *}. */
  static List<String> beginnings(List<String> programs) {
    List<String> beginnings = new ArrayList<>();
    for (String name : programs) {
      if (name.endsWith("*")) {
        beginnings.add(name.substring(0, name.length() - 1));
      }
    }
    return List.copyOf(beginnings);
  }

  private static boolean begins(List<String> beginnings, String program) {
    for (int i = 0; i < beginnings.size(); i++) {
      if (program.startsWith(beginnings.get(i))) {
        return true;
      }
    }
    return false;
  }

  private static int[] append(int[] places, int place) {
    int[] longer = Arrays.copyOf(places, places.length + 1);
    longer[places.length] = place;
    return longer;
  }

  /** Two lists of places, each in order, as one in order. */
  private static int[] merged(int[] a, int[] b) {
    int[] all = new int[a.length + b.length];
    for (int i = 0, j = 0, k = 0; k < all.length; k++) {
      all[k] = j >= b.length || i < a.length && a[i] < b[j] ? a[i++] : b[j++];
    }
    return all;
  }

  private static int[] toArray(List<Integer> places) {
    if (places.isEmpty()) {
      return NONE;
    }
    int[] array = new int[places.size()]; // a loop, not a stream: hundreds made as the guard starts
    for (int i = 0; i < array.length; i++) {
      array[i] = places.get(i);
    }
    return array;
  }
}
