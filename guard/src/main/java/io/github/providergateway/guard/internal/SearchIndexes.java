package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Map;

/**
 * A production search index overwritten or removed (decision 103): the Algolia CLI's copy, move,
 * delete, clear and clearing imports onto an index named for production, and a search client's
 * destroying method on one in inline code.
 */
final class SearchIndexes {
  private SearchIndexes() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("search-index-overwrites-production", SearchIndexes::indexOverwritesProduction);
    named.put(
        "code-destroys-production-index",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null && codeDestroysProductionIndex(code);
        });
  }

  // -- search indices --------------------------------------------------------------------------

  /**
   * Whether a search platform's command line overwrites or removes a production index: {@code
   * algolia indices copy|move <source> <prod destination>}, {@code algolia indices delete|clear
   * <prod>}, rules or synonyms imported over a production index's with the existing ones cleared.
   */
  static boolean indexOverwritesProduction(Scan scan, Step step, Where.Read read) {
    List<String> positionals = new java.util.ArrayList<>();
    boolean clears = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.startsWith("-")) {
        clears |=
            t.startsWith("--clear-existing")
                || t.startsWith("--replace-existing")
                || t.equals("-c")
                || t.equals("-r");
      } else {
        positionals.add(t);
      }
    }
    if (positionals.size() < 3) {
      return false;
    }
    String noun = positionals.get(0);
    String verb = positionals.get(1);
    List<String> indices = positionals.subList(2, positionals.size());
    if (noun.equals("indices") || noun.equals("index")) {
      switch (verb) {
        case "copy", "move", "cp", "mv" -> {
          return indices.size() >= 2 && Environments.namesProduction(indices.get(1));
        }
        case "delete", "clear", "rm" -> {
          return Environments.namesProduction(indices.get(0));
        }
        default -> {
          return false;
        }
      }
    }
    if ((noun.equals("rules") || noun.equals("synonyms")) && verb.equals("import")) {
      return clears && Environments.namesProduction(indices.get(0));
    }
    if ((noun.equals("rules") || noun.equals("synonyms") || noun.equals("objects"))
        && (verb.equals("delete") || verb.equals("clear"))) {
      return Environments.namesProduction(indices.get(0));
    }
    return false;
  }

  /** A search client's method that removes or replaces an index's records, rules or synonyms. */
  private static final String[] INDEX_DESTROYERS = {
    ".delete(",
    ".clearobjects(",
    ".replaceallobjects(",
    ".deleteby(",
    ".clearrules(",
    ".clearsynonyms(",
    ".delete_index(",
    ".clear_objects(",
    ".replace_all_objects(",
    ".delete_by(",
    ".deleteindex(",
    ".indices.delete(",
    ".delete_all_documents(",
    ".deletealldocuments("
  };

  /**
   * Whether inline code removes or replaces a production search index: a client's index named for
   * production ({@code initIndex('prod_products')}, {@code index('products_production')}) and a
   * method that deletes, clears or replaces its records.
   */
  static boolean codeDestroysProductionIndex(String code) {
    String lower = PlatformPredicates.lowered(code);
    if (!CodeArguments.containsAny(lower, INDEX_DESTROYERS)) {
      return false;
    }
    for (String opener :
        new String[] {"initindex(", "init_index(", ".index(", "searchsingleindex(", "index="}) {
      for (int at = lower.indexOf(opener); at >= 0; at = lower.indexOf(opener, at + 1)) {
        int end = lower.indexOf(')', at);
        String name =
            lower.substring(
                at + opener.length(),
                end > at
                    ? Math.min(end, at + opener.length() + 120)
                    : Math.min(lower.length(), at + opener.length() + 120));
        if (Environments.namesProduction(name)) {
          return true;
        }
      }
    }
    return false;
  }
}
