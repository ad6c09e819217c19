package io.github.providergateway.guard.shell.internal;

import java.util.AbstractSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.Set;

/**
 * A set of names fixed once made (programs, options, words), as {@code Set.of} makes it, whose
 * look-up of a name it lacks reads one small array of hashes and no name: the rules ask hundreds of
 * such sets about each program of a call, and most answers are no (issue 80). {@code Set.of}'s
 * look-up compares the name with every name its probe meets, reading each of them and its
 * characters from memory; here the names' hashes stand in a table of their own, four slots a name,
 * and a name is compared only where its hash is found.
 *
 * <p>It is {@code Set.of}'s set in all else: the same names, refused alike (a {@code null} or a
 * name twice), unmodifiable, {@code contains(null)} throws, and its order, size, equality, hash and
 * text are those of the {@code Set.of} set it keeps.
 *
 * <p>Below the shell reading and the rules alike, so that both keep their constant sets in it.
 */
public final class NameSet extends AbstractSet<String> {
  /** The names as {@code Set.of} keeps them: their order, size, equality, hash and text. */
  private final Set<String> names;

  /** Each slot's name's hash, or {@link #free} where the slot holds none. */
  private final int[] hashes;

  /** Each slot's name, where {@link #hashes} holds its hash. */
  private final String[] slots;

  /** How far a hash's product is shifted to give a slot: 32 less the table's bits. */
  private final int shift;

  /** A hash no name of the set has, marking a free slot. */
  private final int free;

  private NameSet(Set<String> names) {
    this.names = names;
    int bits = 2;
    while (1 << bits < 4 * names.size()) {
      bits++;
    }
    int size = 1 << bits;
    int unused = 0;
    while (hashed(names, unused)) {
      unused++;
    }
    this.free = unused;
    this.shift = 32 - bits;
    this.hashes = new int[size];
    this.slots = new String[size];
    java.util.Arrays.fill(hashes, unused);
    for (String name : names) {
      int slot = slot(name.hashCode());
      while (hashes[slot] != unused) {
        slot = (slot + 1) & (size - 1);
      }
      hashes[slot] = name.hashCode();
      slots[slot] = name;
    }
  }

  /**
   * {@return a set of these names, refused as {@code Set.of} refuses them}
   *
   * @param names the names: none {@code null}, none twice
   */
  public static Set<String> of(String... names) {
    return new NameSet(Set.of(names));
  }

  /**
   * {@return a set of the names of {@code names}, as {@code Set.copyOf} makes it}
   *
   * @param names the names: none {@code null}
   */
  public static Set<String> copyOf(Collection<String> names) {
    return names instanceof NameSet set ? set : new NameSet(Set.copyOf(names));
  }

  private static boolean hashed(Set<String> names, int hash) {
    for (String name : names) {
      if (name.hashCode() == hash) {
        return true;
      }
    }
    return false;
  }

  /** The first slot a hash is looked for in: Fibonacci hashing, the hash's high bits mixed in. */
  private int slot(int hash) {
    return (hash * 0x9E3779B9) >>> shift;
  }

  @Override
  public boolean contains(Object o) {
    if (!(o instanceof String name)) {
      return names.contains(o); // null throws, as Set.of's does; another kind is no name of it
    }
    int hash = name.hashCode();
    if (hash == free) {
      return false; // no name of the set has this hash
    }
    int mask = hashes.length - 1;
    for (int slot = slot(hash); ; slot = (slot + 1) & mask) {
      int found = hashes[slot];
      if (found == free) {
        return false;
      }
      if (found == hash && name.equals(slots[slot])) {
        return true;
      }
    }
  }

  /**
   * Whether {@code set} holds the part of {@code text} from {@code from} to {@code to}: {@code
   * set.contains(text.substring(from, to))}, with no part made where the set is a name set (a word
   * split at its separators for each program of a long command made a string of every part).
   *
   * @param set the set
   * @param text the text
   * @param from where the part begins
   * @param to where it ends, past its last character
   * @return whether the set holds the part
   */
  public static boolean holdsPart(Set<String> set, String text, int from, int to) {
    if (!(set instanceof NameSet names)) {
      return set.contains(text.substring(from, to));
    }
    int hash = 0;
    for (int i = from; i < to; i++) {
      hash = 31 * hash + text.charAt(i); // String.hashCode's, over the part
    }
    if (hash == names.free) {
      return false;
    }
    int length = to - from;
    int mask = names.hashes.length - 1;
    for (int slot = names.slot(hash); ; slot = (slot + 1) & mask) {
      int found = names.hashes[slot];
      if (found == names.free) {
        return false;
      }
      String name = names.slots[slot];
      if (found == hash && name.length() == length && text.startsWith(name, from)) {
        return true;
      }
    }
  }

  @Override
  public Iterator<String> iterator() {
    return names.iterator();
  }

  @Override
  public int size() {
    return names.size();
  }

  @Override
  public boolean equals(Object o) {
    return o == this || names.equals(o);
  }

  @Override
  public int hashCode() {
    return names.hashCode();
  }

  @Override
  public String toString() {
    return names.toString();
  }

  /** Unmodifiable, as {@code Set.of}'s set is, even where it would change nothing. */
  @Override
  public void clear() {
    throw new UnsupportedOperationException();
  }

  @Override
  public boolean removeAll(Collection<?> c) {
    throw new UnsupportedOperationException();
  }

  @Override
  public boolean retainAll(Collection<?> c) {
    throw new UnsupportedOperationException();
  }

  @Override
  public boolean removeIf(java.util.function.Predicate<? super String> filter) {
    throw new UnsupportedOperationException();
  }

  @Override
  public boolean add(String name) {
    throw new UnsupportedOperationException();
  }

  @Override
  public boolean addAll(Collection<? extends String> c) {
    throw new UnsupportedOperationException();
  }

  @Override
  public boolean remove(Object o) {
    throw new UnsupportedOperationException();
  }
}
