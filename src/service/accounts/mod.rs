//! Accounts and clubs: the administrator set up, accounts created, renamed and disabled, clubs
//! created and renamed. The web's setup and administrator pages and the command line
//! (`kartl account`, `kartl club`) both call these; passwords and reset codes are in
//! [`passwords`]. Each write is one transaction and leaves an audit line in the log (the
//! account's name or `cli` as the actor), as the web always did.
//!
//! A refusal the user can act on (a bad or taken name, an unknown club) is a [`Refusal`],
//! which the caller words: the web from the catalogue, the command line in English.

pub mod clubs;
pub mod passwords;

use crate::auth::Role;
use crate::auth::password::UNUSABLE;
use crate::db::DbConn;
use crate::db::models::users::NewUser;
use crate::db::models::{Club, ClubId, ResetCode, SessionRow, User, UserId};
use crate::error::AppError;
use crate::service::{Actor, ActorKind};
use crate::text::{Kind, Text};
use chrono::NaiveDateTime;

pub use passwords::Issued;

/// A name for an account or a club: a [`Text`] name (1 to 64 characters, no control
/// characters, surrounding space dropped). The only way to get one is through this check.
#[derive(Debug, Clone)]
pub struct AccountName(Text);

impl TryFrom<&str> for AccountName {
    type Error = Refusal;

    fn try_from(raw: &str) -> Result<AccountName, Refusal> {
        Text::parse(raw, Kind::Name)
            .map(AccountName)
            .map_err(|_| Refusal::NameInvalid)
    }
}

impl AccountName {
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

/// Why an account or club write was refused (nothing was written).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Empty, too long, or with control characters.
    NameInvalid,
    /// Another account has this name or one that looks the same ([`User::name_taken`]).
    AccountNameTaken,
    /// Another club has exactly this name.
    ClubNameTaken,
    /// The club named does not exist.
    ClubUnknown,
    /// A secretary needs a club; an administrator or organiser has none.
    ClubForRole,
}

/// Who may create, rename and disable accounts and clubs: the administrator and the command
/// line. Anyone else is refused (403), whatever they ask.
pub(crate) fn administers(actor: &Actor) -> Result<(), AppError> {
    match actor.kind {
        ActorKind::Admin | ActorKind::CommandLine => Ok(()),
        _ => Err(AppError::Forbidden),
    }
}

/// Creates the administrator with this password hash, when no account exists yet (`None`
/// otherwise, also when two browsers race: the check and the insert share one transaction).
pub fn set_up_administrator(
    conn: &mut DbConn,
    name: &AccountName,
    hash: &str,
    now: NaiveDateTime,
) -> Result<Option<User>, AppError> {
    let created = crate::db::write(conn, |conn| {
        crate::db::lock_table(conn, "users")?;
        if User::any_exists(conn)? {
            return Ok(None);
        }
        let id = User::insert(
            conn,
            NewUser {
                name: name.as_str(),
                password_hash: hash,
                role: Role::Admin,
                club_id: None,
                created_at: now,
            },
        )?;
        Ok(User::find(conn, id)?)
    })?;
    if let Some(admin) = &created {
        tracing::info!(user = admin.name, "administrator created");
    }
    Ok(created)
}

/// An account to create: its name, role, and club (a secretary's, and only theirs).
pub struct NewAccount {
    pub name: AccountName,
    pub role: Role,
    pub club: Option<ClubId>,
}

/// Creates an account without a password and issues its first reset code: nobody but the
/// account's owner, who redeems the code, ever knows the password.
pub fn add_account(
    conn: &mut DbConn,
    actor: &Actor,
    new: &NewAccount,
    now: NaiveDateTime,
) -> Result<Result<Issued, Refusal>, AppError> {
    administers(actor)?;
    if (new.role == Role::Secretary) != new.club.is_some() {
        return Ok(Err(Refusal::ClubForRole));
    }
    let issued = crate::db::write(conn, |conn| {
        crate::db::lock_table(conn, "users")?;
        if let Some(club) = new.club
            && Club::find(conn, club)?.is_none()
        {
            return Ok(Err(Refusal::ClubUnknown));
        }
        if User::name_taken(conn, new.name.as_str())? {
            return Ok(Err(Refusal::AccountNameTaken));
        }
        let id = User::insert(
            conn,
            NewUser {
                name: new.name.as_str(),
                password_hash: UNUSABLE,
                role: new.role,
                club_id: new.club.map(|c| c.0),
                created_at: now,
            },
        )?;
        passwords::issue(conn, actor, id, now).map(Ok)
    })?;
    if let Ok(issued) = &issued {
        tracing::info!(
            actor = actor.name,
            account = issued.name,
            role = new.role.as_str(),
            "account created"
        );
    }
    Ok(issued)
}

/// Renames an account (its sessions stay; the new name is how it logs in from now on).
/// Refused when another account has the name or one that looks the same.
pub fn rename_account(
    conn: &mut DbConn,
    actor: &Actor,
    user: UserId,
    name: &AccountName,
) -> Result<Result<(), Refusal>, AppError> {
    administers(actor)?;
    let old = crate::db::write(conn, |conn| {
        crate::db::lock_table(conn, "users")?;
        let Some(account) = User::find(conn, user)? else {
            return Err(AppError::NotFound);
        };
        let key = crate::text::fold(name.as_str());
        let others = User::all(conn)?.into_iter().filter(|u| u.id != user);
        if others.map(|u| crate::text::fold(&u.name)).any(|n| n == key) {
            return Ok(Err(Refusal::AccountNameTaken));
        }
        User::set_name(conn, user, name.as_str())?;
        Ok(Ok(account.name))
    })?;
    Ok(old.map(|old| {
        tracing::info!(
            actor = actor.name,
            account = old,
            new_name = name.as_str(),
            "account renamed"
        );
    }))
}

/// Disables an account: its password stops working, its sessions end and its unused reset
/// codes are void. A new reset code ([`passwords::issue_reset_code`]) brings it back. Returns
/// the account's name.
pub fn disable_account(conn: &mut DbConn, actor: &Actor, user: UserId) -> Result<String, AppError> {
    administers(actor)?;
    let name = crate::db::write(conn, |conn| {
        let Some(account) = User::find(conn, user)? else {
            return Err(AppError::NotFound);
        };
        User::set_password_hash(conn, user, UNUSABLE)?;
        SessionRow::delete_for_user(conn, user, None)?;
        ResetCode::delete_unused_for_user(conn, user)?;
        Ok(account.name)
    })?;
    tracing::info!(actor = actor.name, account = name, "account disabled");
    Ok(name)
}

/// The account a name means, matched as a login matches it (exact, else the one name equal
/// but for case).
pub fn account_named(conn: &mut DbConn, name: &str) -> Result<Option<User>, AppError> {
    Ok(User::by_name(conn, name.trim())?.map(|(user, _)| user))
}
