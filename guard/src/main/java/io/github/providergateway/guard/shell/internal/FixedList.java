package io.github.providergateway.guard.shell.internal;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A list of the syntax tree, fixed once made: an array of exactly its items, made by one copy of
 * the list the parser gathered them in, where {@code List.copyOf} of a growing list makes two (the
 * list's own array, then {@code List.of}'s checked copy). The tree's records keep such a list as it
 * is ({@link #of}); a long command's tree has thousands of lists. Unmodifiable: every change
 * throws, as {@link AbstractList}'s do.
 *
 * @param <T> the items' type
 */
public final class FixedList<T> extends AbstractList<T> implements RandomAccess {
  private final Object[] items;

  private FixedList(Object[] items) {
    this.items = items;
  }

  /**
   * {@return {@code list}, unmodifiable and with no null item: itself when it is fixed already (a
   * list of this class, a simple command's {@link CommandWords} or one of {@code List.of}'s), else
   * a copy}
   *
   * @param list the items, none null
   * @param <T> the items' type
   */
  public static <T> List<T> of(List<T> list) {
    return list instanceof FixedList<T> || list instanceof CommandWords ? list : List.copyOf(list);
  }

  /**
   * {@return the items of {@code from}, copied once: {@code List.of}'s for none, one or two (no
   * array at all), a fixed list of an exact array for more}
   */
  @SuppressWarnings("unchecked")
  static <T> List<T> copyOf(List<? extends T> from) {
    // List.of's lists of none, one or two hold their items in fields: no array, none to copy.
    switch (from.size()) {
      case 0 -> {
        return List.of();
      }
      case 1 -> {
        return List.of(from.get(0));
      }
      case 2 -> {
        return List.of(from.get(0), from.get(1));
      }
      default -> {}
    }
    Object[] items = from.toArray();
    for (Object item : items) {
      Objects.requireNonNull(item, "an item");
    }
    return new FixedList<>(items);
  }

  @Override
  @SuppressWarnings("unchecked")
  public T get(int index) {
    return (T) items[Objects.checkIndex(index, items.length)];
  }

  @Override
  public int size() {
    return items.length;
  }
}
