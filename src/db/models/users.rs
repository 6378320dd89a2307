use crate::db::DbConn;
use crate::db::schema::users;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// What an account may do (the `role` column; `auth` decides what each may).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Runs the installation: creates clubs and their secretaries, issues reset codes.
    Admin,
    /// Runs one club's tournaments.
    Secretary,
    /// Runs cups across clubs (no club of their own): accepts the evenings the member clubs
    /// propose and links one person's register rows of different clubs (`service::cups`).
    Organiser,
}

impl Role {
    pub fn parse(text: &str) -> Option<Role> {
        match text {
            "admin" => Some(Role::Admin),
            "secretary" => Some(Role::Secretary),
            "organiser" => Some(Role::Organiser),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Secretary => "secretary",
            Role::Organiser => "organiser",
        }
    }
}

impl TryFrom<String> for Role {
    type Error = super::UnknownValue;

    fn try_from(text: String) -> Result<Role, super::UnknownValue> {
        Role::parse(&text).ok_or_else(|| super::UnknownValue::new("users.role", text))
    }
}

impl From<Role> for String {
    fn from(role: Role) -> String {
        role.as_str().to_string()
    }
}

/// A user's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(transparent)]
pub struct UserId(pub i32);

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct UserRow {
    pub id: i32,
    pub name: String,
    pub password_hash: String,
    #[diesel(deserialize_as = String)]
    pub role: Role,
    pub club_id: Option<i32>,
    pub created_at: NaiveDateTime,
}

/// An account as the app uses it: the role parsed, the hash left behind.
#[derive(Debug, Clone)]
pub struct User {
    pub id: UserId,
    pub name: String,
    pub role: Role,
    pub club_id: Option<i32>,
}

impl TryFrom<UserRow> for User {
    type Error = diesel::result::Error;

    fn try_from(row: UserRow) -> Result<User, Self::Error> {
        Ok(User {
            id: UserId(row.id),
            name: row.name,
            role: row.role,
            club_id: row.club_id,
        })
    }
}

/// An account to insert (owned by `insert`: the role is written through `serialize_as`).
#[derive(Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub name: &'a str,
    pub password_hash: &'a str,
    #[diesel(serialize_as = String)]
    pub role: Role,
    pub club_id: Option<i32>,
    pub created_at: NaiveDateTime,
}

impl User {
    pub fn any_exists(conn: &mut DbConn) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(users::table.select(users::id))).get_result(conn)
    }

    pub fn all(conn: &mut DbConn) -> QueryResult<Vec<User>> {
        users::table
            .select(UserRow::as_select())
            .order(users::name.asc())
            .load(conn)?
            .into_iter()
            .map(User::try_from)
            .collect()
    }

    /// The account and its stored hash, found by exact name.
    /// The account a login names: the exact name, else the one name equal to it but for
    /// case (`SEK1` logs in as `sek1`). Databases from before names were unique regardless
    /// of case may hold two such names: each then logs in by its exact spelling only.
    pub fn by_name(conn: &mut DbConn, name: &str) -> QueryResult<Option<(User, String)>> {
        if let Some(found) = User::by_exact_name(conn, name)? {
            return Ok(Some(found));
        }
        let key = name.to_lowercase();
        let names: Vec<String> = users::table.select(users::name).load(conn)?;
        let mut same = names.into_iter().filter(|n| n.to_lowercase() == key);
        match (same.next(), same.next()) {
            (Some(only), None) => User::by_exact_name(conn, &only),
            _ => Ok(None),
        }
    }

    fn by_exact_name(conn: &mut DbConn, name: &str) -> QueryResult<Option<(User, String)>> {
        users::table
            .filter(users::name.eq(name))
            .select(UserRow::as_select())
            .first(conn)
            .optional()?
            .map(|row| {
                let hash = row.password_hash.clone();
                User::try_from(row).map(|u| (u, hash))
            })
            .transpose()
    }

    pub fn find(conn: &mut DbConn, id: UserId) -> QueryResult<Option<User>> {
        users::table
            .find(id.0)
            .select(UserRow::as_select())
            .first(conn)
            .optional()?
            .map(User::try_from)
            .transpose()
    }

    pub fn password_hash(conn: &mut DbConn, id: UserId) -> QueryResult<String> {
        users::table
            .find(id.0)
            .select(users::password_hash)
            .first(conn)
    }

    /// Whether an account has this name or one that looks the same: compared in
    /// [`crate::text::fold`]'s form (NFKC, lower case, invisible characters dropped; here
    /// rather than by the database: SQLite's `lower` knows only ASCII), so `ſeka` or `SEKA`
    /// beside `seka` is taken. Callers creating an account lock the table first, so two
    /// creations cannot both find the name free.
    pub fn name_taken(conn: &mut DbConn, name: &str) -> QueryResult<bool> {
        let key = crate::text::fold(name);
        let names: Vec<String> = users::table.select(users::name).load(conn)?;
        Ok(names.iter().any(|n| crate::text::fold(n) == key))
    }

    pub fn insert(conn: &mut DbConn, new: NewUser<'_>) -> QueryResult<UserId> {
        diesel::insert_into(users::table)
            .values(new)
            .returning(users::id)
            .get_result(conn)
            .map(UserId)
    }

    pub fn set_name(conn: &mut DbConn, id: UserId, name: &str) -> QueryResult<()> {
        diesel::update(users::table.find(id.0))
            .set(users::name.eq(name))
            .execute(conn)
            .map(|_| ())
    }

    pub fn set_password_hash(conn: &mut DbConn, id: UserId, hash: &str) -> QueryResult<()> {
        diesel::update(users::table.find(id.0))
            .set(users::password_hash.eq(hash))
            .execute(conn)
            .map(|_| ())
    }
}
