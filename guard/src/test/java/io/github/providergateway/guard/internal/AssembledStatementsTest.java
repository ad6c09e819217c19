package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * SQL that hands a statement to a runner (decision 199): one literal is read as the statement it
 * is; one built when the SQL runs is out of sight; a prepared statement's {@code EXECUTE}, a
 * procedure's {@code EXEC} and PostgreSQL's {@code PREPARE … AS} show what they run.
 */
class AssembledStatementsTest {
  @Test
  void aStatementBuiltWhenItRunsIsAssembled() {
    String[] built = {
      "DECLARE @v nvarchar(10) = N'UPD' + N'ATE'; DECLARE @s nvarchar(max) = @v + N' t SET a = 1';"
          + " EXEC sp_executesql @s",
      "EXEC (@s)",
      "EXEC(N'UPD' + N'ATE t SET a = 1')",
      "EXECUTE sys.sp_executesql @stmt = @sql",
      "SET @s = CONCAT('DEL', 'ETE FROM t'); PREPARE st FROM @s; EXECUTE st;",
      "DO $$ BEGIN EXECUTE format('UPDATE %I SET a = 1', 't'); END $$",
      "DO $$ BEGIN EXECUTE 'DEL' || 'ETE FROM t'; END $$",
      "BEGIN EXECUTE IMMEDIATE v_sql; END;"
    };
    for (String sql : built) {
      assertThat(AssembledStatements.assembled(sql)).as(sql).isNotNull();
    }
  }

  @Test
  void aLiteralHandedToARunnerIsReadAsItsStatement() {
    assertThat(
            AssembledStatements.literalsRun(
                "EXEC sp_executesql N'SELECT * FROM t WHERE id = @i', N'@i int', @i = 4"))
        .containsExactly("SELECT * FROM t WHERE id = @i");
    assertThat(
            AssembledStatements.literalsRun(
                "EXEC dbo.sp_add_jobstep @job_name = N'j', @command = N'UPDATE t SET a = ''RN'''"))
        .containsExactly("UPDATE t SET a = 'RN'");
    assertThat(AssembledStatements.literalsRun("EXEC('DELETE FROM t')"))
        .containsExactly("DELETE FROM t");
    assertThat(AssembledStatements.literalsRun("PREPARE st FROM 'SELECT ?'; EXECUTE st USING @a"))
        .containsExactly("SELECT ?");
    assertThat(AssembledStatements.assembled("EXEC sp_executesql N'SELECT 1'")).isNull();
  }

  @Test
  void whatShowsWhatItRunsIsNeither() {
    String[] shown = {
      "EXEC sp_who2",
      "EXEC dbo.sp_help_job @job_name = N'nightly_etl'",
      "EXECUTE sp_spaceused N'dbo.Orders'",
      "PREPARE q (int) AS SELECT * FROM t WHERE id = $1; EXECUTE q(4);",
      "SELECT CONCAT(N'Order ', id), format('%s', name) FROM t",
      "SELECT command FROM msdb.dbo.sysjobsteps",
      "UPDATE $(T) SET $(C) = 1 WHERE id = 2"
    };
    for (String sql : shown) {
      assertThat(AssembledStatements.assembled(sql)).as(sql).isNull();
      assertThat(AssembledStatements.literalsRun(sql)).as(sql).isEmpty();
    }
  }
}
