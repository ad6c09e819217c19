package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GDAL's {@code ogr2ogr} writing into a database server's layer (decision 299, {@code
 * databases.rows-written-shared}): {@code ogr2ogr -f PostgreSQL PG:"$GIS_DB_URL"
 * work/gasmain_edit.gpkg gas_main -nln gas_main -overwrite}. Its destination comes first: a {@code
 * PG:}, {@code MySQL:}, {@code MSSQL:} or {@code OCI:} connection is a database's, and {@code
 * -overwrite}, {@code -append}, {@code -update} or {@code -upsert} change its rows (a new layer
 * alone makes a table). A connection to this machine ({@code PG:"host=localhost dbname=gis"}) or a
 * test's database is left alone, as is a file destination ({@code out.gpkg}).
 */
final class LayersOverwritten {
  private LayersOverwritten() {}

  /** The options that change a layer's existing rows. */
  private static final Set<String> CHANGING = Set.of("-overwrite", "-append", "-update", "-upsert");

  /** A database server's connection as GDAL names it. */
  private static final Pattern SERVER = Pattern.compile("(?i)^(?:PG|PostgreSQL|MySQL|MSSQL|OCI):");

  /** A host in a connection's words: {@code host=db1}, a URL's authority. */
  private static final Pattern HOST =
      Pattern.compile("(?i)(?:\\bhost\\s*=\\s*['\"]?|://(?:[^@/\\s'\"]*@)?)([A-Za-z0-9_.-]+)");

  /**
   * Whether {@code step} is {@code ogr2ogr} changing a layer of a database server that is not this
   * machine's nor a test's.
   *
   * @param step a program of the call
   * @return whether it does
   */
  static boolean overwritesShared(Step step) {
    if (!step.program().equals("ogr2ogr")) {
      return false;
    }
    List<Word> args = step.args();
    boolean changes = false;
    String destination = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      changes |= CHANGING.contains(text);
      if (text.startsWith("-")) {
        if (WITH_VALUE.contains(text)) {
          i++;
        }
      } else if (destination == null) {
        destination = text; // the first operand: ogr2ogr [options] DST SRC [layers]
      }
    }
    return changes
        && destination != null
        && PatternLiterals.finds(SERVER, destination)
        && !local(destination);
  }

  /** ogr2ogr's options that take a value (the ones taking more are rare in one call). */
  private static final Set<String> WITH_VALUE =
      Set.of(
          "-f",
          "-of",
          "-nln",
          "-nlt",
          "-lco",
          "-dsco",
          "-oo",
          "-doo",
          "-sql",
          "-where",
          "-select",
          "-t_srs",
          "-s_srs",
          "-a_srs",
          "-dialect",
          "-gt",
          "-clipsrc",
          "-clipdst",
          "-spat_srs",
          "-fid",
          "-geomfield",
          "-zfield",
          "-mapFieldType",
          "-fieldmap",
          "-xyRes",
          "-zRes",
          "-mRes",
          "-limit");

  private static boolean local(String connection) {
    String value = SERVER.matcher(connection).replaceFirst("").strip();
    if (value.isEmpty() || value.startsWith("$")) {
      return false; // PG:"$GIS_DB_URL": an address this shell holds, not known local
    }
    String lower = value.toLowerCase(Locale.ROOT);
    if (Environments.testName(withoutDomains(lower))
        || lower.contains("dbname=test")
        || lower.contains("_test")) {
      return true;
    }
    Matcher host = HOST.matcher(value);
    boolean any = false;
    while (host.find()) {
      any = true;
      if (!Environments.localHost(host.group(1))) {
        return false;
      }
    }
    return any || !lower.contains("service="); // no host: libpq's local socket
  }

  /**
   * The connection with each host's domain left out ({@code host=gisdb01.site.local} read as {@code
   * host=gisdb01}): a network's domain ({@code .local}, {@code .dev}) names where the server is,
   * not that its database is a test's.
   */
  private static String withoutDomains(String connection) {
    return HOST_DOMAIN.matcher(connection).replaceAll("$1");
  }

  private static final Pattern HOST_DOMAIN =
      Pattern.compile(
          "((?:\\bhost\\s*=\\s*['\"]?|://(?:[^@/\\s'\"]*@)?)[A-Za-z0-9_-]+)[A-Za-z0-9_.-]*");
}
