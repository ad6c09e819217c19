package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The end of a path, name by name, wherever it is ({@code .claude/settings*.json} is the end of
 * {@code /home/ann/p/.claude/settings.local.json}): each name a glob ({@code *} any characters
 * within the name), as the agents' rows in {@code agents.json} write the places they keep.
 */
final class PathEnd {
  private final List<Glob> names;

  private PathEnd(String shape) {
    List<Glob> globs = new ArrayList<>();
    for (String name : shape.split("/", -1)) {
      if (name.isEmpty() || name.equals("**")) {
        throw new IllegalArgumentException("a path's end names each folder: " + shape);
      }
      globs.add(Glob.text(name));
    }
    this.names = List.copyOf(globs);
  }

  /** {@return the ends the lists write, in their order} */
  @SafeVarargs
  static List<PathEnd> all(List<String>... shapes) {
    List<PathEnd> ends = new ArrayList<>();
    for (List<String> list : shapes) {
      list.forEach(shape -> ends.add(new PathEnd(shape)));
    }
    return List.copyOf(ends);
  }

  /** {@return whether one of {@code ends} is the end of {@code path}} */
  static boolean anyEnds(List<PathEnd> ends, Path path) {
    for (PathEnd end : ends) {
      if (end.ends(path)) {
        return true;
      }
    }
    return false;
  }

  /** {@return whether {@code path}'s last names are this end's, one by one} */
  boolean ends(Path path) {
    int count = path.getNameCount();
    if (count < names.size()) {
      return false;
    }
    int first = count - names.size();
    for (int i = 0; i < names.size(); i++) {
      if (!names.get(i).matches(path.getName(first + i).toString())) {
        return false;
      }
    }
    return true;
  }
}
